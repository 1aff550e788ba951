#!/usr/bin/awk -f
# A JSON validator (RFC 8259 grammar), so that tests need no parser they
# would have to install.  Reads the whole input; prints "ok" and exits 0,
# or prints where and why it is not JSON and exits 1.
#
#   awk -f tests/tools/json-check.awk file.json
function fail(why) {
	printf "not JSON at byte %d: %s (near \"%s\")\n", pos, why,
		substr(text, pos, 20)
	bad = 1
	exit 1
}
function ws() {
	while (pos <= len && index(" \t\n\r", substr(text, pos, 1)))
		pos++
}
function peek() { return substr(text, pos, 1) }
function expect(c) {
	if (peek() != c)
		fail("expected '" c "'")
	pos++
}
function value(   c) {
	ws()
	c = peek()
	if (c == "{") object()
	else if (c == "[") array()
	else if (c == "\"") string()
	else if (c ~ /[-0-9]/) number()
	else if (substr(text, pos, 4) == "true" || substr(text, pos, 4) == "null") pos += 4
	else if (substr(text, pos, 5) == "false") pos += 5
	else fail("unexpected character")
	ws()
}
function object() {
	expect("{"); ws()
	if (peek() == "}") { pos++; return }
	for (;;) {
		ws(); string(); ws(); expect(":"); value()
		if (peek() == ",") { pos++; continue }
		expect("}"); return
	}
}
function array() {
	expect("["); ws()
	if (peek() == "]") { pos++; return }
	for (;;) {
		value()
		if (peek() == ",") { pos++; continue }
		expect("]"); return
	}
}
function string(   c) {
	expect("\"")
	for (;;) {
		if (pos > len) fail("unterminated string")
		c = peek()
		if (c == "\"") { pos++; return }
		if (c == "\\") {
			pos++
			c = peek()
			if (c == "u") {
				if (substr(text, pos + 1, 4) !~ /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/)
					fail("bad \\u escape")
				pos += 5
				continue
			}
			if (!index("\"\\/bfnrt", c)) fail("bad escape")
			pos++
			continue
		}
		if (c < " ") fail("control character in string")
		pos++
	}
}
function number(   rest) {
	rest = substr(text, pos)
	if (!match(rest, /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/))
		fail("bad number")
	pos += RLENGTH
}
{ text = text $0 "\n" }
END {
	if (bad) exit 1
	len = length(text)
	pos = 1
	if (len == 0) fail("empty")
	value()
	if (pos <= len) fail("text after the value")
	print "ok"
}
