import Foundation
import SpecModel

/// The JSON Schema of `export --format json`, published beside it as `spec.schema.json`.
/// Kept in step with the model by a test that validates the export against it.
public enum ModelSchema {
    /// The schema, with the platform IDs of `Platform.known`.
    public static var json: String {
        let platforms = Platform.known.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return template.replacingOccurrences(of: "\"PLATFORM-IDS\"", with: platforms)
    }

    private static let template = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "https://passkey-spec.invalid/schema/spec.schema.json",
          "title": "passkey-spec model",
          "description": "Spec pages parsed by passkey-spec: scenarios with per-platform copy, criteria, checks and references, each with its source location.",
          "type": "object",
          "required": ["schemaVersion", "specs", "pages"],
          "additionalProperties": false,
          "properties": {
            "schemaVersion": { "const": 1 },
            "specs": { "type": "array", "items": { "$ref": "#/$defs/spec" } },
            "pages": { "type": "array", "items": { "$ref": "#/$defs/page" } }
          },
          "$defs": {
            "location": {
              "type": "object",
              "required": ["file", "line", "column"],
              "additionalProperties": false,
              "properties": {
                "file": { "type": "string" },
                "line": { "type": "integer", "minimum": 1 },
                "column": { "type": "integer", "minimum": 1 }
              }
            },
            "prose": {
              "type": "object",
              "required": ["markdown", "range"],
              "additionalProperties": false,
              "properties": {
                "markdown": { "type": "string" },
                "range": {
                  "description": "Where the block is written: from 'start' up to, not including, column 'endColumn' of line 'endLine' (columns count UTF-8 bytes from 1).",
                  "type": "object",
                  "required": ["start", "endLine", "endColumn"],
                  "additionalProperties": false,
                  "properties": {
                    "start": { "$ref": "#/$defs/location" },
                    "endLine": { "type": "integer", "minimum": 1 },
                    "endColumn": { "type": "integer", "minimum": 1 }
                  }
                }
              }
            },
            "slug": { "type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$" },
            "criterionID": { "type": "string", "pattern": "^[A-Z][A-Z0-9.]*-AC[0-9]{2,}$" },
            "platform": { "enum": ["PLATFORM-IDS"] },
            "page": {
              "type": "object",
              "description": "A prose page, by ID, title and path; its text is on its own page of the site.",
              "required": ["id", "title", "path", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "$ref": "#/$defs/slug" },
                "title": { "type": "string" },
                "path": { "type": "string" },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "spec": {
              "type": "object",
              "required": ["id", "title", "path", "platforms", "introduction", "sections", "criteria", "checks", "references", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "type": "string" },
                "title": { "type": "string" },
                "path": { "type": "string" },
                "flow": {
                  "type": "object",
                  "required": ["name", "location"],
                  "additionalProperties": false,
                  "properties": { "name": { "type": "string" }, "location": { "$ref": "#/$defs/location" } }
                },
                "platforms": { "type": "array", "items": { "$ref": "#/$defs/platform" } },
                "introduction": { "type": "array", "items": { "$ref": "#/$defs/prose" } },
                "sections": { "type": "array", "items": { "$ref": "#/$defs/section" } },
                "criteria": { "type": "array", "items": { "$ref": "#/$defs/criterion" } },
                "checks": { "type": "array", "items": { "$ref": "#/$defs/check" } },
                "references": { "type": "array", "items": { "$ref": "#/$defs/reference" } },
                "benchmark": {
                  "type": "object",
                  "required": ["level", "userReach", "location"],
                  "additionalProperties": false,
                  "properties": {
                    "level": { "type": "string" },
                    "userReach": { "type": "string" },
                    "location": { "$ref": "#/$defs/location" }
                  }
                },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "section": {
              "type": "object",
              "required": ["id", "title", "kind", "introduction", "scenarios", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "type": "string" },
                "title": { "type": "string" },
                "kind": { "enum": ["scenarios", "criteria", "references", "prose"] },
                "introduction": { "type": "array", "items": { "$ref": "#/$defs/prose" } },
                "scenarios": { "type": "array", "items": { "$ref": "#/$defs/scenario" } },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "scenario": {
              "type": "object",
              "required": ["id", "title", "section", "summary", "copy", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "$ref": "#/$defs/slug" },
                "title": { "type": "string" },
                "section": { "type": "string" },
                "summary": { "type": "array", "items": { "$ref": "#/$defs/prose" } },
                "copy": { "type": "array", "items": { "$ref": "#/$defs/platformCopy" } },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "platformCopy": {
              "type": "object",
              "required": ["platform", "trigger", "title", "message", "actions"],
              "additionalProperties": false,
              "properties": {
                "platform": { "$ref": "#/$defs/platform" },
                "trigger": {
                  "type": "object",
                  "required": ["text", "signals", "names", "location"],
                  "additionalProperties": false,
                  "properties": {
                    "text": { "type": "string" },
                    "signals": { "type": "array", "items": { "type": "string" } },
                    "names": {
                      "type": "array",
                      "items": {
                        "type": "object",
                        "required": ["name", "location"],
                        "additionalProperties": false,
                        "properties": {
                          "name": { "type": "string" },
                          "rawValue": { "type": "string" },
                          "location": { "$ref": "#/$defs/location" }
                        }
                      }
                    },
                    "location": { "$ref": "#/$defs/location" }
                  }
                },
                "presentation": { "$ref": "#/$defs/copyEntry" },
                "announcement": { "$ref": "#/$defs/copyEntry" },
                "title": { "$ref": "#/$defs/copyEntry" },
                "message": { "$ref": "#/$defs/copyEntry" },
                "actions": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["id", "label"],
                    "additionalProperties": false,
                    "properties": { "id": { "$ref": "#/$defs/slug" }, "label": { "$ref": "#/$defs/copyEntry" } }
                  }
                }
              }
            },
            "copyEntry": {
              "type": "object",
              "description": "Words on screen; without 'text' the spec says explicitly that nothing is shown.",
              "required": ["key", "location"],
              "additionalProperties": false,
              "properties": {
                "key": { "type": "string", "pattern": "^[a-z0-9-]+\\.[a-z0-9.-]+$" },
                "text": { "type": "string", "minLength": 1 },
                "note": { "type": "string" },
                "placeholders": {
                  "type": "array",
                  "description": "Format placeholders the row label declares, e.g. 'Message (placeholders: %@)'.",
                  "items": { "type": "string", "minLength": 1 },
                  "minItems": 1
                },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "criterion": {
              "type": "object",
              "required": ["id", "level", "statement", "howToVerify", "notes", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "$ref": "#/$defs/criterionID" },
                "level": { "type": "string" },
                "statement": { "type": "string" },
                "howToVerify": { "type": "string" },
                "notes": { "type": "array", "items": { "$ref": "#/$defs/prose" } },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "check": {
              "type": "object",
              "required": ["id", "name", "steps", "location"],
              "additionalProperties": false,
              "properties": {
                "id": { "type": "string" },
                "criterion": { "$ref": "#/$defs/criterionID" },
                "scenario": { "$ref": "#/$defs/slug" },
                "name": { "type": "string" },
                "steps": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "required": ["keyword", "text", "location"],
                    "additionalProperties": false,
                    "properties": {
                      "keyword": { "enum": ["Given", "When", "Then", "And", "But"] },
                      "text": { "type": "string" },
                      "location": { "$ref": "#/$defs/location" }
                    }
                  }
                },
                "location": { "$ref": "#/$defs/location" }
              }
            },
            "reference": {
              "type": "object",
              "required": ["title", "url", "summary", "criteria", "location"],
              "additionalProperties": false,
              "properties": {
                "title": { "type": "string" },
                "url": { "type": "string", "pattern": "^https?://" },
                "summary": { "type": "string" },
                "criteria": { "type": "array", "items": { "$ref": "#/$defs/criterionID" } },
                "location": { "$ref": "#/$defs/location" }
              }
            }
          }
        }

        """#
}
