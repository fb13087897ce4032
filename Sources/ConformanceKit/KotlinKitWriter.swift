/// The generated part of the Kotlin kit.
enum KotlinKitWriter {
    static func files(scripts: [KitScript]) -> [KitFile] {
        KitWriter.scriptFiles(scripts, under: "scripts")
    }
}
