package passkeyspec.kit

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The kit's JSON reader: every kind of value, every escape, and the errors it reports. */
class KitJsonTest {
    @Test
    fun readsEveryKindOfValue() {
        val value = KitJson.parse(
            """
            { "text": "a", "whole": 12, "negative": -3, "zero": 0, "fraction": 2.5, "exponent": -1.5E-2, "big": 1e3,
              "yes": true, "no": false, "nothing": null, "list": [1, [], {}, "x"], "object": { "inner": [ true ] } }
            """
        )
        assertEquals(
            mapOf(
                "text" to "a", "whole" to 12L, "negative" to -3L, "zero" to 0L, "fraction" to 2.5, "exponent" to -0.015, "big" to 1000.0,
                "yes" to true, "no" to false, "nothing" to null, "list" to listOf(1L, emptyList<Any?>(), emptyMap<String, Any?>(), "x"),
                "object" to mapOf("inner" to listOf(true))
            ),
            value
        )
    }

    @Test
    fun keepsTheKeysInTheirOrder() {
        val value = KitJson.parse("""{"b": 1, "a": 2, "c": 3}""") as Map<*, *>
        assertEquals(listOf("b", "a", "c"), value.keys.toList())
    }

    @Test
    fun readsEveryEscapeAndUnescapedUnicode() {
        assertEquals("\" \\ / \b \u000C \n \r \t ’ ’ \uD83D\uDE00 é", KitJson.parse("\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u2019 ’ \\ud83d\\ude00 é\""))
    }

    @Test
    fun readsScalarsAtTheTopLevel() {
        assertEquals(42L, KitJson.parse(" 42 "))
        assertEquals("x", KitJson.parse("\"x\""))
        assertEquals(null, KitJson.parse("null"))
    }

    @Test
    fun reportsWhereTheTextStopsBeingJson() {
        val cases = mapOf(
            "" to "unexpected end of the text at character 0",
            "{\"a\": 1,}" to "expected a key in quotes at character 8",
            "[1, 2,]" to "expected a value at character 6",
            "{\"a\" 1}" to "expected ':' at character 5",
            "\"open" to "unterminated string at character 5",
            "[1 2]" to "expected ',' or ']' at character 3",
            "{\"a\": 1 \"b\": 2}" to "expected ',' or '}' at character 8",
            "01" to "unexpected '1' after the value at character 1",
            "-" to "expected a value at character 1",
            "1." to "expected a digit after '.' at character 2",
            "1e" to "expected a digit in the exponent at character 2",
            "tru" to "expected a value at character 0",
            "\"\\x\"" to "unknown escape '\\x' at character 2",
            "\"\\u12G4\"" to "expected four hex digits after \\u at character 3",
            "\"a\nb\"" to "a control character must be escaped in a string at character 2",
            "{\"a\": 1, \"a\": 2}" to "the key \"a\" appears twice at character 14",
            "[] []" to "unexpected '[' after the value at character 3"
        )
        for ((text, message) in cases) {
            val error = assertThrows(KitJsonException::class.java) { KitJson.parse(text) }
            assertEquals(message, error.message, "reading ${'"'}$text${'"'}")
        }
    }

    @Test
    fun readsDeeplyNestedArrays() {
        val depth = 200
        var value = KitJson.parse("[".repeat(depth) + "]".repeat(depth))
        var levels = 0
        while (value is List<*> && value.isNotEmpty()) {
            value = value[0]
            levels++
        }
        assertTrue(value is List<*>)
        assertEquals(depth - 1, levels)
    }
}
