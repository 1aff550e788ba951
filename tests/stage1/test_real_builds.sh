#!/bin/bash
# Third-party code through its own build system, with the kit's compiler
# wrapper as its compiler: zlib's "./configure && make" (Debian's source
# package, fetched once by scripts/debian-source), whose shared libz.so and
# the test programs linked against it must behave exactly as the untraced
# build does, and be traced.  Where the arch has no HAVE_FTRACE_MODULES,
# configure finds the -fPIC compile refused and builds zlib static only.
# And a small CMake C++ project (tests/extern/cmake-geom) with CXX=ftrace-c++:
# a shared library (static without HAVE_FTRACE_MODULES) whose exceptions
# cross its own traced, and under function_graph hijacked, frames.
# stages: last (the kit as a tool, at the arch's last stage, which has
# every chapter; test_ftrace_cc.sh covers the driver at stage 1 too;
# tests/run-tests.sh)
. "$KIT/tests/lib.sh"

SRC=$KIT/build/sources
fcc="$KIT/scripts/ftrace-cc --arch $ARCH --stage $STAGE"
MODULES=$(mkvar HAVE_FTRACE_MODULES)
CROSS=$(mkvar CROSS_COMPILE)

# zlib DIR CC...: configure and build zlib in DIR with that compiler
zlib() {
	local dir=$1
	shift
	cp -a "$SRC/zlib" "$dir" &&
	(cd "$dir" && CC="$*" AR="${CROSS}ar" RANLIB="${CROSS}ranlib" \
		./configure >configure.log 2>&1 &&
	 make -j2 >make.log 2>&1) ||
		{ tail -5 "$dir/configure.log" "$dir/make.log"; return 1; }
}

oneTimeSetUp() {
	"$KIT/scripts/debian-source" zlib "$SRC" || return
	zlib "$TMPD/plain" $CC || fail "plain zlib build"
	zlib "$TMPD/traced" $fcc || fail "zlib built with ftrace-cc"
	head -c 300000 "$KIT/docs/04-dynamic-ftrace.md" >"$TMPD/input"
	cmake_build "$TMPD/geom.plain" "${CROSS}g++" ||
		fail "plain CMake build"
	cmake_build "$TMPD/geom" "$KIT/scripts/ftrace-c++ --arch $ARCH --stage $STAGE" ||
		fail "CMake build with ftrace-c++"
}

# cmake_build DIR CXX: configure and build cmake-geom in DIR
cmake_build() {
	local cross=()
	[ -n "$QEMU" ] && cross=(-DCMAKE_SYSTEM_NAME=Linux
				 -DCMAKE_SYSTEM_PROCESSOR="$ARCH")
	CXX=$2 cmake -S "$KIT/tests/extern/cmake-geom" -B "$1" \
		-DBUILD_SHARED_LIBS=${MODULES:+ON}${MODULES:-OFF} \
		"${cross[@]}" >"$1.log" 2>&1 &&
	make -C "$1" >>"$1.log" 2>&1 || { tail -5 "$1.log"; return 1; }
}

# run DIR PROG ARGS: a zlib test program, finding its libz.so
run() {
	local dir=$1
	shift
	(cd "$dir" && LD_LIBRARY_PATH=. run_target "$@")
}

test_shared_library_as_configure_decided() {
	if [ -n "$MODULES" ]; then
		assertTrue "libz.so built" "[ -f '$TMPD/traced/libz.so' ]"
		assertTrue "libz.so has the kit's module object" \
			"$(mkvar NM) '$TMPD/traced/libz.so' | grep -q ' ftrace_mod_load$\| ftrace_mod_plt$' || [ -z '$(mkvar CONFIG_DYNAMIC_FTRACE)' ]"
	else
		assertFalse "no libz.so: -fPIC refused" \
			"[ -e '$TMPD/traced/libz.so' ]"
		assertTrue "configure saw no shared library support" \
			"grep -q 'No shared library support' '$TMPD/traced/configure.log'"
	fi
	assertTrue "static libz.a" "[ -f '$TMPD/traced/libz.a' ]"
}

test_example_same_output_traced() {
	local p want
	for p in example examplesh; do
		[ -x "$TMPD/plain/$p" ] && [ -x "$TMPD/traced/$p" ] || continue
		want=$(run "$TMPD/plain" "./$p")
		assertEquals "$p: untraced status" 0 $?
		assertContains "$want" "inflate with dictionary: hello, hello!"
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/$p.t \
			run "$TMPD/traced" "./$p" >"$TMPD/$p.out" 2>"$TMPD/$p.err"
		assertEquals "$p: status" 0 $?
		assertEquals "$p: output" "$want" "$(cat "$TMPD/$p.out")"
		assertEquals "$p: quiet" "" "$(cat "$TMPD/$p.err")"
		assertTrue "$p: deflate <-test_deflate" \
			"fn_edges '$TMPD/$p.t' | grep -q ' deflate <-test_deflate$'"
		assertTrue "$p: inflate <-test_inflate" \
			"fn_edges '$TMPD/$p.t' | grep -q ' inflate <-test_inflate$'"
	done
	[ -n "$MODULES" ] || return 0
	assertTrue "examplesh ran" "[ -s '$TMPD/examplesh.out' ]"
}

test_minigzip_bytes_identical() {
	local p
	for p in minigzip minigzipsh; do
		[ -x "$TMPD/traced/$p" ] || continue
		run "$TMPD/plain" "./$p" -c <"$TMPD/input" >"$TMPD/$p.plain.gz"
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=/dev/null \
			run "$TMPD/traced" "./$p" -c <"$TMPD/input" \
			>"$TMPD/$p.gz"
		assertEquals "$p: status" 0 $?
		assertTrue "$p: the same compressed bytes" \
			"cmp -s '$TMPD/$p.plain.gz' '$TMPD/$p.gz'"
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=/dev/null \
			run "$TMPD/traced" "./$p" -d -c <"$TMPD/$p.gz" \
			>"$TMPD/$p.back"
		assertTrue "$p: round trip" "cmp -s '$TMPD/input' '$TMPD/$p.back'"
	done
}

test_graph_and_module_lists() {
	local p=examplesh want
	[ -n "$MODULES" ] || p=example
	want=$(run "$TMPD/plain" "./$p")
	if [ "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" = y ]; then
		FTRACE_CURRENT_TRACER=function_graph FTRACE_TRACE=$TMPD/g \
			run "$TMPD/traced" "./$p" >"$TMPD/g.out" 2>&1
		assertEquals "function_graph: status" 0 $?
		assertEquals "function_graph: output" "$want" \
			"$(cat "$TMPD/g.out")"
		assertTrue "function_graph: deflate() {" \
			"grep -q '  deflate() {' '$TMPD/g'"
	fi
	if [ -n "$(mkvar CONFIG_DYNAMIC_FTRACE)" ] && [ -n "$MODULES" ]; then
		FTRACE_CAT=available_filter_functions run "$TMPD/traced" \
			"./$p" >"$TMPD/list"
		assertTrue "deflate [libz]" \
			"grep -qx 'deflate \[libz\]' '$TMPD/list'"
		FTRACE_SET_FTRACE_FILTER='inflate*:mod:libz' \
		FTRACE_CURRENT_TRACER=function FTRACE_TRACE=$TMPD/m \
			run "$TMPD/traced" "./$p" >/dev/null
		assertEquals "only libz's inflate*" "" \
			"$(fn_edges "$TMPD/m" | awk '$2 !~ /^inflate/')"
		assertTrue "inflate traced" \
			"fn_edges '$TMPD/m' | grep -q ' inflate <-'"
	fi
}

GEOM_ARGS=("tri:3,4,5" "poly:0,0;4,0;4,3" "tri:1,1,5" "poly:0,0;x,1;2,2"
	   "hex:1" "tri:3,4,-5")

test_cmake_cxx_project() {
	local want rc t
	if [ -n "$MODULES" ]; then
		assertTrue "libgeom.so" "[ -f '$TMPD/geom/libgeom.so' ]"
	fi
	want=$(run_target "$TMPD/geom.plain/geomtool" "${GEOM_ARGS[@]}")
	rc=$?
	assertEquals "untraced: four errors" 4 $rc
	assertContains "$want" "error: 'x' is not a number"
	for t in function function_graph; do
		[ $t = function_graph ] &&
			[ "$(mkvar CONFIG_FUNCTION_GRAPH_TRACER)" != y ] && continue
		FTRACE_CURRENT_TRACER=$t FTRACE_TRACE=$TMPD/geom.$t \
			run_target "$TMPD/geom/geomtool" "${GEOM_ARGS[@]}" \
			>"$TMPD/geom.$t.out" 2>"$TMPD/geom.$t.err"
		assertEquals "$t: status" $rc $?
		assertEquals "$t: output" "$want" "$(cat "$TMPD/geom.$t.out")"
		assertEquals "$t: quiet" "" "$(cat "$TMPD/geom.$t.err")"
	done
	# the library's functions, by their C++ (mangled) names
	assertTrue "parse traced" \
		"fn_edges '$TMPD/geom.function' | grep -q ' _ZN4geom5parse'"
	assertTrue "number traced" \
		"fn_edges '$TMPD/geom.function' | grep -q 'number'"
}

. shunit2
