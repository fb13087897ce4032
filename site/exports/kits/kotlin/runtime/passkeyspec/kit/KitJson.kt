package passkeyspec.kit

/**
 * A small JSON reader (RFC 8259) for the kit's scripts, so that the kit needs nothing but the
 * Kotlin standard library. Objects become [Map]s that keep their keys' order, arrays [List]s,
 * numbers [Long] (integers) or [Double], and `true`, `false` and `null` themselves.
 */
object KitJson {
    /** The value [text] holds; throws [KitJsonException] with the offset of the first error. */
    fun parse(text: String): Any? {
        val reader = Reader(text)
        reader.skipSpace()
        val value = reader.value()
        reader.skipSpace()
        if (!reader.atEnd) reader.fail("unexpected '${text[reader.offset]}' after the value")
        return value
    }

    private class Reader(val text: String) {
        var offset = 0
        val atEnd: Boolean get() = offset >= text.length

        fun fail(problem: String): Nothing = throw KitJsonException(problem, offset)

        fun skipSpace() {
            while (!atEnd && (text[offset] == ' ' || text[offset] == '\n' || text[offset] == '\r' || text[offset] == '\t')) {
                offset++
            }
        }

        fun value(): Any? {
            if (atEnd) fail("unexpected end of the text")
            return when (text[offset]) {
                '{' -> objectValue()
                '[' -> arrayValue()
                '"' -> stringValue()
                't' -> literal("true", true)
                'f' -> literal("false", false)
                'n' -> literal("null", null)
                else -> numberValue()
            }
        }

        private fun literal(word: String, value: Any?): Any? {
            if (!text.startsWith(word, offset)) fail("expected a value")
            offset += word.length
            return value
        }

        private fun objectValue(): Map<String, Any?> {
            val result = LinkedHashMap<String, Any?>()
            offset++
            skipSpace()
            if (!atEnd && text[offset] == '}') {
                offset++
                return result
            }
            while (true) {
                skipSpace()
                if (atEnd || text[offset] != '"') fail("expected a key in quotes")
                val key = stringValue()
                skipSpace()
                expect(':')
                skipSpace()
                if (result.containsKey(key)) fail("the key \"$key\" appears twice")
                result[key] = value()
                skipSpace()
                if (atEnd) fail("unexpected end of the text in an object")
                val separator = text[offset++]
                if (separator == '}') return result
                if (separator != ',') {
                    offset--
                    fail("expected ',' or '}'")
                }
            }
        }

        private fun arrayValue(): List<Any?> {
            val result = ArrayList<Any?>()
            offset++
            skipSpace()
            if (!atEnd && text[offset] == ']') {
                offset++
                return result
            }
            while (true) {
                skipSpace()
                result.add(value())
                skipSpace()
                if (atEnd) fail("unexpected end of the text in an array")
                val separator = text[offset++]
                if (separator == ']') return result
                if (separator != ',') {
                    offset--
                    fail("expected ',' or ']'")
                }
            }
        }

        private fun expect(character: Char) {
            if (atEnd || text[offset] != character) fail("expected '$character'")
            offset++
        }

        private fun stringValue(): String {
            offset++
            val result = StringBuilder()
            while (true) {
                if (atEnd) fail("unterminated string")
                val character = text[offset++]
                when {
                    character == '"' -> return result.toString()
                    character == '\\' -> result.append(escaped())
                    character < ' ' -> {
                        offset--
                        fail("a control character must be escaped in a string")
                    }
                    else -> result.append(character)
                }
            }
        }

        private fun escaped(): Char {
            if (atEnd) fail("unterminated escape")
            return when (val character = text[offset++]) {
                '"', '\\', '/' -> character
                'b' -> '\b'
                'f' -> '\u000C'
                'n' -> '\n'
                'r' -> '\r'
                't' -> '\t'
                'u' -> {
                    if (offset + 4 > text.length) fail("expected four hex digits after \\u")
                    val hex = text.substring(offset, offset + 4)
                    if (!hex.all { it in '0'..'9' || it in 'a'..'f' || it in 'A'..'F' }) fail("expected four hex digits after \\u")
                    offset += 4
                    Integer.parseInt(hex, 16).toChar()
                }
                else -> {
                    offset--
                    fail("unknown escape '\\$character'")
                }
            }
        }

        private fun numberValue(): Number {
            val start = offset
            if (!atEnd && text[offset] == '-') offset++
            if (atEnd || text[offset] !in '0'..'9') fail("expected a value")
            if (text[offset] == '0') offset++ else skipDigits()
            var integral = true
            if (!atEnd && text[offset] == '.') {
                integral = false
                offset++
                if (atEnd || text[offset] !in '0'..'9') fail("expected a digit after '.'")
                skipDigits()
            }
            if (!atEnd && (text[offset] == 'e' || text[offset] == 'E')) {
                integral = false
                offset++
                if (!atEnd && (text[offset] == '+' || text[offset] == '-')) offset++
                if (atEnd || text[offset] !in '0'..'9') fail("expected a digit in the exponent")
                skipDigits()
            }
            val literal = text.substring(start, offset)
            return if (integral) literal.toLongOrNull() ?: literal.toDouble() else literal.toDouble()
        }

        private fun skipDigits() {
            while (!atEnd && text[offset] in '0'..'9') offset++
        }
    }
}

/** JSON the kit cannot read, with the character offset where reading stopped. */
class KitJsonException(val problem: String, val offset: Int) : RuntimeException("$problem at character $offset")
