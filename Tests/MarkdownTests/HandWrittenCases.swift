import Testing

/// Markdown written to reach every node kind and every branch of cmark-gfm's HTML renderer,
/// for the differential test.
enum HandWrittenCases {
    /// A named piece of Markdown.
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let markdown: String
        var testDescription: String { name }
    }

    static let all: [Example] = [
        // Blocks
        .init(name: "empty", markdown: ""),
        .init(name: "blank lines", markdown: "\n\n\n"),
        .init(name: "paragraphs", markdown: "One\ntwo\n\nThree\n"),
        .init(name: "atx headings", markdown: "# One\n## Two ##\n### Three\n#### Four\n##### Five\n###### Six\n"),
        .init(name: "setext headings", markdown: "One\n===\n\nTwo\nlines\n---\n"),
        .init(name: "empty heading", markdown: "#\n\n## \n"),
        .init(name: "thematic breaks", markdown: "***\n---\n___\n\ntext\n* * *\n"),
        .init(name: "block quote", markdown: "> quote\n> > nested\n>\n> - item\n"),
        .init(name: "lazy block quote", markdown: "> quote\ncontinued\n\n>\n"),
        .init(name: "indented code", markdown: "    let x = 1\n      <b>&\n\n    after blank\n"),
        .init(name: "fenced code", markdown: "```swift\nlet x = \"<a>\" & y\n```\n"),
        .init(name: "fenced code with full info", markdown: "~~~ ruby startline=3 $%@#$\ndef foo(x)\n~~~\n"),
        .init(name: "fenced code with tab info", markdown: "```c\targs\nint x;\n```\n"),
        .init(name: "fenced code info with entities", markdown: "``` f&ouml;&ouml; \"q\" <x>\nfoo\n```\n"),
        .init(name: "fenced code info escaped", markdown: "```a\\_b&amp;c\nx\n```\n"),
        .init(name: "fenced code empty", markdown: "```\n```\n"),
        .init(name: "fenced code unclosed", markdown: "```\naaa\n\nbbb\n"),
        .init(name: "html block", markdown: "<div>\n*hi*\n</div>\n\n<!-- spec: page -->\n\ntext\n"),
        .init(name: "html block in list", markdown: "- <div>\n  x\n  </div>\n- b\n"),
        .init(name: "script and style", markdown: "<script>alert(1)</script>\n\n<style>p{}</style>\ntext\n"),
        .init(name: "link reference definition only", markdown: "[foo]: /url \"title\"\n"),

        // Lists
        .init(name: "tight bullet list", markdown: "- one\n- two\n- three\n"),
        .init(name: "loose bullet list", markdown: "- one\n\n- two\n- three\n"),
        .init(name: "bullet characters", markdown: "- a\n+ b\n* c\n"),
        .init(name: "ordered list", markdown: "1. one\n2. two\n"),
        .init(name: "ordered list start", markdown: "3. three\n4. four\n\n0. zero\n\n123456789. big\n"),
        .init(name: "ordered list parenthesis", markdown: "1) one\n2) two\n"),
        .init(name: "nested lists", markdown: "- a\n  - b\n    1. c\n\n       d\n- e\n"),
        .init(name: "list item with several blocks", markdown: "1. para\n\n   ```\n   code\n   ```\n\n   > quote\n"),
        .init(name: "empty list items", markdown: "-\n- \n-\n  foo\n"),
        .init(name: "list after paragraph", markdown: "text\n- a\n- b\n\ntext\n"),
        .init(name: "tight list with heading", markdown: "- # head\n  text\n- b\n"),

        // Task lists
        .init(name: "task list", markdown: "- [ ] open\n- [x] done\n- [X] also done\n- plain\n"),
        .init(name: "loose task list", markdown: "- [ ] open\n\n- [x] done\n"),
        .init(name: "ordered task list", markdown: "1. [x] first\n2. [ ] second\n"),
        .init(name: "nested task list", markdown: "- [ ] a\n  - [x] b\n  - c\n"),
        .init(name: "not task items", markdown: "- [ ]\n- [y] no\n- [x]no space\n"),

        // Tables
        .init(name: "table", markdown: "| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n"),
        .init(
            name: "table alignments",
            markdown: "| none | left | center | right |\n| --- | :--- | :---: | ---: |\n| 1 | 2 | 3 | 4 |\n"),
        .init(name: "table header only", markdown: "| a | b |\n|:-:|--:|\n"),
        .init(name: "table with short and long rows", markdown: "| a | b |\n| - | - |\n| 1 |\n| 1 | 2 | 3 |\n"),
        .init(name: "table inline content", markdown: "| `a\\|b` | **b** |\n| --- | --- |\n| [l](u.md) | <br> |\n"),
        .init(name: "table escapes", markdown: "| a&b | <c> |\n|---|---|\n| \"d\" | e |\n"),
        .init(name: "two tables", markdown: "| a |\n| - |\n| 1 |\n\n| b |\n| :- |\n| 2 |\n"),
        .init(name: "table in list", markdown: "- | a |\n  | - |\n  | b |\n"),
        .init(name: "table then paragraph", markdown: "| a |\n| - |\n| b |\nnot a row?\n\npara\n"),

        // Inlines
        .init(name: "emphasis and strong", markdown: "*em* _em_ **strong** __strong__ ***both*** *a **b** c*\n"),
        .init(name: "strikethrough", markdown: "~one~ ~~two~~ ~~~three~~~ a~b~c\n"),
        .init(name: "code spans", markdown: "`a` `` b`c `` ` `` ` `x<y>&` `  ` ``\n"),
        .init(name: "code span with backticks", markdown: "``` `` ``` and `` ` ``\n"),
        .init(name: "unclosed code span", markdown: "`a ``b\n"),
        .init(name: "hard breaks", markdown: "one  \ntwo\\\nthree\n"),
        .init(name: "soft breaks", markdown: "one\ntwo\n three\n"),
        .init(name: "trailing spaces at end", markdown: "end  \n"),
        .init(name: "escapes", markdown: "\\*not em\\* \\<b\\> \\& \\\\ \\` \\[x\\]\n"),
        .init(
            name: "entities", markdown: "&amp; &lt; &gt; &quot; &copy; &#35; &#x22; &#0; &nbsp; &bogus; & &#1234567;\n"),
        .init(name: "html escaping", markdown: "a < b > c & d \"e\" 'f' /g\n"),
        .init(name: "inline html", markdown: "a <span class=\"x\">b</span> <!-- c --> <?php ?> <![CDATA[x]]>\n"),
        .init(name: "tag filter", markdown: "<title>x</title> <textarea> <iframe src=x> <xmp> <plaintext>\n"),
        .init(name: "non-ascii", markdown: "Ünïcödé — “quotes” ✓ 😀 日本語\n"),
        .init(name: "nul and replacement", markdown: "a\u{0}b\n"),

        // Links
        .init(name: "inline links", markdown: "[a](/url) [b](/url \"title\") [c](<a b> 'it''s') [d]()\n"),
        .init(name: "link title escaping", markdown: "[a](/u \"<&>\\\"\")\n"),
        .init(name: "link with empty title", markdown: "[a](/u \"\")\n"),
        .init(
            name: "reference links",
            markdown: "[full][ref] [collapsed][] [ref]\n\n[ref]: /target \"T\"\n[collapsed]: /c\n"),
        .init(name: "link to markdown page", markdown: "[notes](notes.md) [part](notes.md#part) [x](../a/b.md?q=1)\n"),
        .init(name: "link inside link text", markdown: "[a [b](/b) c](/a)\n"),
        .init(name: "link with emphasis", markdown: "[*em* `code` **b**](/x)\n"),
        .init(
            name: "url escaping",
            markdown: "[a](/f%C3%B6o?a=b&c=d#x) [b](<a\"b'c>) [c](/ä ö) [d](a\\\\b) [e](/[x]^{|}`)\n"),
        .init(name: "url with entities", markdown: "[a](/&ouml;&amp;x) [b](&#x27;)\n"),
        .init(
            name: "unsafe urls",
            markdown: """
                [a](javascript:alert(1)) [b](JAVASCRIPT:x) [c](vbscript:x) [d](file:///etc/passwd) [e](data:text/html,x)
                [f](data:image/png;base64,x) [g](data:image/gif,x) [h](data:image/jpeg,x) [i](data:image/webp,x)
                [j](data:image/svg+xml,x) [k](Data:Image/PNG,x) [l](javascriptx) [m]( javascript:x)

                """),
        .init(name: "unsafe image urls", markdown: "![a](javascript:x) ![b](data:image/png;x \"t\")\n"),
        .init(name: "unsafe reference link", markdown: "[x]\n\n[x]: javascript:alert(1)\n"),
        .init(name: "autolinks", markdown: "<http://a.b/c?d=e&f> <mailto:a@b.c> <a@b.c> <javascript:x> <ftp://x>\n"),
        .init(
            name: "extended autolinks",
            markdown: "www.example.com/a?b=c&d. http://x.org/y_(z) https://a.b. a@b.co x_y@z.com. https://a.b/<x\n"),
        .init(name: "autolink trailing punctuation", markdown: "Visit www.commonmark.org/a.b. (www.google.com) ok?\n"),
        .init(name: "autolink entity", markdown: "www.google.com/search?q=commonmark&hl;\n"),

        // Images
        .init(name: "images", markdown: "![alt](/img.png) ![alt *em* `c`](/i.png \"Title\") ![](x)\n"),
        .init(name: "image alt markup", markdown: "![a [link](/l) **b** <b>c</b>\nd](/i.png)\n"),
        .init(name: "image in link", markdown: "[![img](/i.png \"t\")](/page.md)\n"),
        .init(name: "image in image", markdown: "![a ![b](/b.png) c](/a.png)\n"),
        .init(name: "image with hard break in alt", markdown: "![a  \nb](/i.png)\n"),
        .init(name: "reference image", markdown: "![logo]\n\n[logo]: /logo.png \"The logo\"\n"),

        // Footnotes
        .init(name: "footnote", markdown: "Text[^1].\n\n[^1]: The note.\n"),
        .init(name: "footnote referenced twice", markdown: "A[^n] and B[^n] and C[^n].\n\n[^n]: Note.\n"),
        .init(
            name: "footnotes in order of reference",
            markdown: "[^b] then [^a].\n\n[^a]: First defined.\n[^b]: Second defined.\n"),
        .init(name: "footnote with several blocks", markdown: "x[^long]\n\n[^long]: One.\n\n    Two.\n\n    - three\n"),
        .init(name: "footnote ending in list", markdown: "x[^l]\n\n[^l]:\n    - a\n    - b\n"),
        .init(name: "footnote ending in code", markdown: "x[^c]\n\n[^c]: para\n\n        code\n"),
        .init(name: "unreferenced footnote", markdown: "x\n\n[^unused]: Never shown.\n"),
        .init(name: "undefined footnote", markdown: "x[^nope] y\n"),
        .init(name: "footnote label case", markdown: "x[^Note] y[^note]\n\n[^NOTE]: n\n"),
        .init(name: "footnote label needing escapes", markdown: "x[^a&b\"c<d>'ö]\n\n[^a&b\"c<d>'ö]: n\n"),
        .init(name: "footnote in footnote", markdown: "x[^a]\n\n[^a]: see[^b]\n[^b]: b[^a]\n"),
        .init(name: "footnote in table and quote", markdown: "| a[^t] |\n| - |\n\n> [^t]: quoted note\n"),
        .init(name: "footnote in list", markdown: "- a[^f]\n- b[^f]\n\n[^f]: note\n"),
        .init(name: "footnote empty", markdown: "x[^e]\n\n[^e]:\n"),
        .init(name: "duplicate footnote definitions", markdown: "x[^d]\n\n[^d]: one\n\n[^d]: two\n"),

        // Nesting and mixtures
        .init(
            name: "everything nested",
            markdown: """
                > 1. **[a *b ~c~*](/u.md "t")** `d`
                >    - [ ] e ![f](/g.png)
                >
                >      | h | i |
                >      |:-:|---|
                >      | j | k |
                >
                > ```js
                > x < y
                > ```

                """),
        .init(
            name: "spec page shape",
            markdown: """
                # Sign-in

                <!-- spec: page id=signin -->

                Intro with a [link](other.md#part).

                ## Criteria

                | ID | Criterion |
                | --- | --- |
                | `C1` | Works *well* |

                """),
        .init(name: "crlf line endings", markdown: "# A\r\n\r\n- b\r\n- c\r\n\r\n```\r\nx\r\n```\r\n"),
        .init(name: "cr line endings", markdown: "a\rb\r\rc\r"),
        .init(name: "tabs", markdown: "-\tone\n\n\tcode\n>\tquote\n"),
        .init(name: "byte order mark", markdown: "\u{FEFF}# Title\n"),
        .init(name: "deep but within the limit", markdown: String(repeating: "> ", count: 40) + "deep\n"),
        .init(
            name: "deep lists", markdown: (0..<30).map { String(repeating: "  ", count: $0) + "- l\($0)\n" }.joined()),
        .init(name: "many emphasis delimiters", markdown: String(repeating: "*a ", count: 200) + "\n"),
        .init(name: "smart punctuation stays plain", markdown: "\"quotes\" -- dashes... 'single'\n"),
    ]
}
