/// The generated part of the TypeScript kit.
enum TypeScriptKitWriter {
    static func files(scripts: [KitScript]) -> [KitFile] {
        KitWriter.scriptFiles(scripts, under: "scripts")
    }
}
