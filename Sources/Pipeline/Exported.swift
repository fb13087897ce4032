@_exported import struct ConformanceKit.KitFile
// What the commands hand to the pipeline, under the pipeline's name, so that the command line
// imports the pipeline alone: the flows it runs with, and the export formats.
@_exported import enum Exports.ExportFormat
@_exported import struct SpecRunner.FlowRegistry
