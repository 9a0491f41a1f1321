#!/usr/bin/env python3
"""A man page (roff, man macros) from one of Roundel's markdown documents: `md2man.py SOURCE.md > PAGE`.

Written for the markdown Roundel's docs use, so the page reads as a man page rather than as markdown
put through a general converter: a key table becomes a tagged list (`.TP`: the key, its meaning, then
"Default: …" on a line of its own), since a three-column table of long cells does not fit 80 columns;
code blocks become `.EX` examples; pictures (which a terminal cannot show) and HTML comments are left
out; a link keeps its text (a web address follows it in <>). The first line names the page:
`# name(SECTION) — what it is`. `##` headings are sections (`.SH`, upper case), `###` subsections.
The output depends on this script and the source alone (no date, no tool version), so a test can
regenerate it and compare with the committed page (ConfigReferenceTests).
"""
import re
import sys

MANUALS = {"1": "User Commands", "5": "File Formats", "7": "Miscellaneous"}


def escape(text, code=False):
    """Roff-escapes plain text; in code a hyphen is a minus (`--config` copies as typed) and an
    apostrophe is ASCII, as a terminal user would type them."""
    text = text.replace("\\", "\\e")
    if code:
        text = text.replace("-", "\\-").replace("'", "\\(aq").replace("`", "\\(ga")
    return text


def inline(text):
    """Markdown inline markup to roff: `code` in bold, **bold**, [links], escapes."""
    out = []
    pos = 0
    for m in re.finditer(r"`([^`]+)`", text):
        out.append(prose(text[pos:m.start()]))
        out.append("\\fB" + escape(m.group(1), code=True) + "\\fR")
        pos = m.end()
    out.append(prose(text[pos:]))
    return "".join(out)


def prose(text):
    def link(m):
        label, target = m.group(1), m.group(2)
        return label + (" <" + target + ">" if re.match(r"https?:", target) else "")
    text = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", link, text)
    text = re.sub(r"<(https?://[^>]+)>", r"\1", text)
    text = escape(text)
    return re.sub(r"\*\*([^*]+)\*\*", r"\\fB\1\\fR", text)


def line(text):
    """A text line roff does not take for a request."""
    return "\\&" + text if text.startswith((".", "'")) else text


def cells(row):
    row = row.strip()
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return [c.strip() for c in row.split("|")]


def convert(source):
    lines = source.split("\n")
    out = []
    title = re.match(r"# (\S+)\((\w+)\) — (.+)", lines[0])
    if not title:
        sys.exit("md2man: the first line must be '# name(SECTION) — what it is'")
    name, section, what = title.groups()
    out.append('.TH "%s" "%s" "" "Roundel" "%s"' % (name.upper(), section, MANUALS.get(section, "")))
    # Left-aligned, unhyphenated: keys and paths (`wheel.backgroundColor`) must not break at a hyphen.
    out += [".nr HY 0", ".nh", ".ad l", ".SH NAME", "%s \\- %s" % (escape(name, code=True), escape(what))]
    i = 1
    paragraph = []

    def flush():
        if paragraph:
            out.append(".PP")
            out.append(line(inline(" ".join(paragraph))))
            paragraph.clear()

    while i < len(lines):
        text = lines[i]
        stripped = text.strip()
        if stripped.startswith("<!--"):
            while "-->" not in lines[i]:
                i += 1
            i += 1
            continue
        if stripped.startswith("<img") or re.fullmatch(r"!\[[^\]]*\]\([^)]*\)", stripped):
            flush()
            i += 1
            continue
        if not stripped:
            flush()
            i += 1
            continue
        if text.startswith("```"):
            flush()
            body = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            i += 1
            out += [".PP", ".RS 4", ".EX"] + [line(escape(b, code=True)) for b in body] + [".EE", ".RE"]
            continue
        if text.startswith("## ") or text.startswith("### "):
            flush()
            heading = inline(text.split(" ", 1)[1].replace("`", ""))
            out.append(('.SH "%s"' % heading.upper()) if text.startswith("## ") else ('.SS "%s"' % heading))
            i += 1
            continue
        if text.startswith("|") and i + 1 < len(lines) and re.fullmatch(r"\|?[\s:|-]+\|?", lines[i + 1].strip()):
            flush()
            header = cells(text)
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                row = cells(lines[i])
                out += [".TP", line(inline(row[0])), line(inline(row[1]))]
                for head, cell in zip(header[2:], row[2:]):
                    if cell in ("", "—"):
                        continue
                    out += [".br", line(head[:1].upper() + head[1:] + ": " + inline(cell))]
                i += 1
            continue
        if text.startswith("- "):
            flush()
            item = [text[2:]]
            i += 1
            while i < len(lines) and lines[i].startswith("  ") and lines[i].strip():
                item.append(lines[i].strip())
                i += 1
            out += [".IP \\(bu 2", line(inline(" ".join(item)))]
            continue
        paragraph.append(stripped)
        i += 1
    flush()
    # Non-ASCII as groff's \[uXXXX]: the page reads the same whatever encoding a man reader assumes.
    return re.sub(r"[^\x00-\x7f]", lambda m: "\\[u%04X]" % ord(m.group()), "\n".join(out) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: md2man.py SOURCE.md > PAGE")
    with open(sys.argv[1], encoding="utf-8") as f:
        sys.stdout.write(convert(f.read()))
