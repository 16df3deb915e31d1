"""Every relative link in the project's Markdown points at a file that exists,
and every ``#anchor`` at a heading of the file it names.

Anchors follow GitHub's rule: the heading's text in lower case, with every
character dropped that is not a letter, a digit, a space, a hyphen or an
underscore, spaces turned into hyphens; a repeated heading gets ``-1``,
``-2``, ... Links to the web (``http:``, ``https:``, ``mailto:``) and links in
code (fenced blocks and inline code) are not checked.
"""

from __future__ import annotations

import re
import subprocess
from bisect import bisect_right
from functools import cache
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parent.parent

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target) and ![alt](target); the text may span lines, the target may
# carry a title ("...") after a space.
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def markdown_files() -> list[Path]:
    """The Markdown files git tracks or would track (outside runs/), or every one on disk."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        files = [ROOT / name for name in out]
    except (OSError, subprocess.CalledProcessError):
        files = list(ROOT.glob("*.md")) + list(ROOT.glob("docs/**/*.md"))
        files += list(ROOT.glob("examples/**/README.md"))
    return sorted(
        path for path in files if path.is_file() and path.relative_to(ROOT).parts[0] != "runs"
    )


def without_fences(text: str) -> list[str]:
    """The file's lines with every line of a fenced code block blanked."""
    lines = text.split("\n")
    fence = None
    for i, line in enumerate(lines):
        match = FENCE.match(line)
        if fence is not None:
            if match and match.group(1) == fence:
                fence = None
            lines[i] = ""
        elif match:
            fence = match.group(1)
            lines[i] = ""
    return lines


def without_code(text: str) -> list[str]:
    """The file's lines with fenced blocks and inline code spans blanked.

    Lines keep their numbers, and blanked spans keep their length, so that a
    match's offset still gives its line.
    """
    joined = "\n".join(without_fences(text))
    joined = INLINE_CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), joined)
    return joined.split("\n")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading's text (before duplicates are numbered)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # links: their text
    text = re.sub(r"<[^>]+>", "", text)  # inline HTML tags
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


@cache
def anchors(path: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    result = set()
    for line in without_fences(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if not match:
            continue
        base = slug(match.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return frozenset(result)


def broken_links(path: Path) -> list[str]:
    lines = without_code(path.read_text(encoding="utf-8"))
    text = "\n".join(lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    broken = []
    for match in LINK.finditer(text):
        target = match.group(1)
        if not target or EXTERNAL.match(target):
            continue
        line_no = bisect_right(starts, match.start())
        where = f"{path.relative_to(ROOT)}:{line_no}: {target}"
        file_part, _, anchor = target.partition("#")
        dest = path if not file_part else (path.parent / unquote(file_part)).resolve()
        if not dest.exists():
            broken.append(where + " (no such file)")
            continue
        is_markdown = dest.is_file() and dest.suffix == ".md"
        if anchor and is_markdown and unquote(anchor) not in anchors(dest):
            broken.append(where + " (no such heading)")
    return broken


def test_slug_follows_github():
    assert slug("Duchess: piece bits, a remembered check and pins, 1.1M nodes/s") == (
        "duchess-piece-bits-a-remembered-check-and-pins-11m-nodess"
    )
    assert slug("Pulling every position towards the game's result (`--outcome-step`)") == (
        "pulling-every-position-towards-the-games-result---outcome-step"
    )
    assert slug("The result's pull on material alone: 52% against the hand-set weights") == (
        "the-results-pull-on-material-alone-52-against-the-hand-set-weights"
    )


def test_every_relative_link_and_anchor_resolves():
    files = markdown_files()
    assert files, "no Markdown files found"
    broken = [entry for path in files for entry in broken_links(path)]
    assert not broken, "broken links:\n" + "\n".join(broken)
