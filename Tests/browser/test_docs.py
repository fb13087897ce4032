"""The README and the manual under docs/: a README a newcomer reads in two minutes (at most
150 lines, linking every page of the manual), and every link of the README and of docs/
leading to a file of the repository, and to a heading of it where it names one. Nothing here
needs a browser; the suite runs it with the other checks of what the repository publishes."""
import pathlib
import re
import unicodedata

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))

# A Markdown inline link or image: [text](target) or [text](target "title").
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def prose(text):
    """`text` without fenced code blocks and code spans, where brackets are not links."""
    text = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", text, flags=re.S | re.M)
    return re.sub(r"(`+)(?:(?!\1).)+?\1", "", text)


def slug(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens."""
    words = re.sub(r"`|\*\*|\*|_", "", heading.strip()).lower()
    kept = "".join(c for c in words if c in " -" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path):
    text = re.sub(r"^(```|~~~).*?^\1[^\n]*$", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(path):
    return LINK.findall(prose(path.read_text(encoding="utf-8")))


def test_the_readme_is_short():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").rstrip("\n").split("\n")
    assert len(lines) <= 150, f"the README has {len(lines)} lines; move the detail to docs/"


def test_the_readme_links_every_page_of_the_manual():
    linked = {(ROOT / target.split("#")[0]).resolve() for target in links(ROOT / "README.md")}
    pages = set((ROOT / "docs").glob("*.md")) | {ROOT / "docs" / "diagnostics"}
    assert sorted(str(page.relative_to(ROOT)) for page in pages - linked) == []


def test_every_link_of_the_readme_and_the_manual_resolves():
    broken = []
    checked = 0
    for page in PAGES:
        for target in links(page):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                assert target.startswith(("https://", "mailto:")), f"{page.relative_to(ROOT)}: {target}"
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            file = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(ROOT)}: {target}"
            if not file.exists():
                broken.append(f"{where} (no such file)")
            elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                broken.append(f"{where} (no such heading)")
    assert broken == []
    assert checked >= 20, "the README and the manual link each other"


def test_a_broken_link_is_found():
    """The checks above find what they look for: a control with a known broken link."""
    sample = ROOT / "docs" / "ci.md"
    text = "See [the site](site.md#the-site) and [gone](nowhere.md), not `[code](x.md)`.\n"
    assert LINK.findall(prose(text)) == ["site.md#the-site", "nowhere.md"]
    assert "the-site" in anchors(ROOT / "docs" / "site.md")
    assert not (sample.parent / "nowhere.md").exists()
    assert slug("For engineers: copy and exports") == "for-engineers-copy-and-exports"
    assert slug("The `l10n` command’s options") == "the-l10n-commands-options"
