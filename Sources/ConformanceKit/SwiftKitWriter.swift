/// The generated part of the Swift kit.
enum SwiftKitWriter {
    static func files(scripts: [KitScript]) -> [KitFile] {
        KitWriter.scriptFiles(scripts, under: "scripts")
    }
}
