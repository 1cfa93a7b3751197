import Foundation
import FuzzTargets

#if FUZZING
    /// The target this process fuzzes, named by `FORCEKIT_FUZZ_TARGET` (the script sets it).
    let selectedTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FORCEKIT_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget.named(name) else {
            fatalError("Set FORCEKIT_FUZZ_TARGET to one of: \(FuzzTarget.all.map(\.name).joined(separator: ", ")); it is \"\(name)\".")
        }
        return target
    }()

    /// libFuzzer's entry: one input per call, on one thread.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selectedTarget.run(bytes)
        return 0
    }

    /// libFuzzer's driver, for programs that keep their own `main` (SwiftPM gives every
    /// executable one): it reads the fuzzer's options from the arguments and calls the callback
    /// once per input.
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// Hands the process to libFuzzer.
    @main
    struct FuzzCommand {
        static func main() {
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
        }
    }
#else
    /// Without the fuzzer (a normal build), `forcekit-fuzz TARGET PATH...` replays inputs: files,
    /// or every file in folders, such as a committed corpus or a crash the fuzzer saved.
    @main
    struct ReplayCommand {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget.named(name) else {
                print("usage: forcekit-fuzz TARGET PATH...   (replays inputs; Fuzz/run.sh fuzzes)")
                print("targets:")
                for target in FuzzTarget.all { print("  \(target.name): \(target.summary)") }
                exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 64)
            }
            var replayed = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        print("cannot read \(file)")
                        exit(66)
                    }
                    target.run(Array(data))
                    replayed += 1
                }
            }
            print("\(name): replayed \(replayed) inputs, none crashed")
        }

        /// `path` itself, or the files in it when it is a folder, in name order.
        static func files(at path: String) -> [String] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
        }
    }
#endif
