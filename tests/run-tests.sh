#!/bin/bash
# Run the shUnit2 suites for each arch and stage, and add up the results.
#
#   tests/run-tests.sh [--arch A] [--stage N] [--suite NAME] [--jobs J]
#
# Suites in tests/stage<K>/ run at stage K and at the stages that compose
# every chapter, 4 and 5 (later chapters must not break earlier ones;
# stages 2 and 3 each hold one chapter over stage 1, and run its suites),
# unless the suite names its stages in a "# stages: N..." line of its
# header; there "last" is the arch's highest stage (5, or 4 where the
# arch has no stage 5), for the suites that test the kit as a tool, whose
# generic code is the same at 4 and 5.  Suites in tests/recordmcount/
# run once per arch that has HAVE_FTRACE_MCOUNT_RECORD, as its stage 0;
# those in tests/docs/, tests/layout/ and tests/porting/ once, when no
# stage is given.  What a suite knows of an arch comes from arch/<arch>/
# (see tests/lib.sh).
#   --stage N    only stage N's suites; --stage 0: only the recordmcount
#                suites
#   --suite NAME only the suites of that name (test_sites, or
#                recordmcount/test_sites; .sh may be given), where they
#                would run; a unit with none of them is not built
# The work is one unit per arch and stage (and one for an arch's
# recordmcount suites), J units side by side (default: the number of
# CPUs), the longest first; the report is printed in arch and stage
# order, with the reason of each skip under its suite.
# The last line is "N passed, N failed"; the exit status is non-zero when
# anything failed.
kit=$(cd "$(dirname "$0")/.." && pwd)
arches=$(ls "$kit/arch") only_stage= only_suite= jobs=$(nproc 2>/dev/null || echo 1)
while [ $# -gt 0 ]; do
	case $1 in
	--arch) arches=$2; shift ;;
	--stage) only_stage=$2; shift ;;
	--suite) only_suite=${2%.sh}; shift ;;
	--jobs) jobs=$2; shift ;;
	*) echo "run-tests: unknown option '$1'" >&2; exit 2 ;;
	esac
	shift
done
case $only_stage in
''|[0-5]) ;;
*) echo "run-tests: --stage $only_stage: a stage is 0 (recordmcount) to 5" >&2; exit 2 ;;
esac

passed=0 failed=0 skipped=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# chapters contained in a stage
chapters() {
	case $1 in
	1) echo 1 ;; 2) echo 1 2 ;; 3) echo 1 3 ;; 4) echo 1 2 3 4 ;;
	5) echo 1 2 3 4 5 ;;
	esac
}

# wanted SUITE: --suite names it (or names none)
wanted() {
	local name=${1%.sh}
	[ -z "$only_suite" ] || [ "$only_suite" = "$(basename "$name")" ] ||
		[ "$only_suite" = "$(basename "$(dirname "$name")")/$(basename "$name")" ]
}

run_suite() { # arch stage suite
	local out=$log/$1.$2.suite n f s t0=$SECONDS
	ARCH=$1 STAGE=$2 KIT=$kit bash "$3" >"$out" 2>&1
	local rc=$? secs=$((SECONDS - t0))
	n=$(sed -n 's/^Ran \([0-9]*\) test.*/\1/p' "$out" | tail -1)
	# a suite skipped whole (tests/lib.sh: skip_suite) is one skip
	[ $rc = 0 ] && grep -qx 'suite skipped' "$out" && n=1 &&
		echo "skipped=1" >>"$out"
	# shUnit2 counts failed assertions; count failed tests instead
	f=$(awk '/^test_/ { t = $1 } /^(ASSERT:|shunit2:ERROR)/ && t { bad[t] = 1 }
		END { n = 0; for (x in bad) n++; print n }' "$out")
	s=$(sed -n 's/.*skipped=\([0-9]*\).*/\1/p' "$out" | tail -1)
	n=${n:-0} f=${f:-0} s=${s:-0}
	if [ "$n" = 0 ] || { [ $rc != 0 ] && [ "$f" = 0 ]; }; then
		# a suite that crashed or ran nothing counts as one failure
		f=$((f + 1))
	fi
	passed=$((passed + n - f - s))
	[ $passed -lt 0 ] && passed=0
	failed=$((failed + f))
	skipped=$((skipped + s))
	local name="$1/stage$2/$(basename "$(dirname "$3")")/$(basename "$3" .sh)"
	if [ "$f" != 0 ]; then
		echo "FAIL $name ($f of $n, $secs s)"
		sed 's/^/    /' "$out" | grep -v '^    $' | tail -40
	else
		echo "ok   $name ($n tests${s:+, $s skipped}, $secs s)" |
			sed 's/, 0 skipped//'
		sed -n 's/^skipped: /    skipped: /p' "$out"
	fi
}

# at_stage SUITE STAGE LAST: the suite runs at the stage (its "# stages:"
# line, LAST standing for "last"; else its chapter's stage, 4 and 5)
at_stage() {
	local only k
	only=$(sed -n '2,20s/^# stages: \([0-9a-z ]*\).*/\1/p' "$1" | head -1)
	only=${only//last/$3}
	if [ -z "$only" ]; then
		k=$(basename "$(dirname "$1")")
		only="${k#stage} 4 5"
	fi
	[[ " $only " == *" $2 "* ]]
}

# unit_suites STAGE [LAST]: the suites of a unit, one a line (LAST: the
# arch's highest stage)
unit_suites() {
	local c t
	if [ "$1" = 0 ]; then
		for t in "$kit"/tests/recordmcount/test_*.sh; do
			[ -f "$t" ] && wanted "$t" && echo "$t"
		done
		return
	fi
	for c in $(chapters "$1"); do
		for t in "$kit"/tests/stage$c/test_*.sh; do
			[ -f "$t" ] && at_stage "$t" "$1" "${2:-$1}" &&
				wanted "$t" && echo "$t"
		done
	done
}

# One unit: an arch's stage (its chapters' suites) or, as stage 0, its
# recordmcount suites.  The report goes to stdout, the counts to
# $log/ARCH.STAGE.counts.
run_unit() { # arch stage
	local a=$1 s=$2 t passed=0 failed=0 skipped=0
	if [ "$s" != 0 ] && ! make -s -C "$kit" --no-print-directory \
		ARCH="$a" STAGE="$s" all progs >"$log/$a.$s.build" 2>&1; then
		echo "FAIL $a/stage$s: build"
		tail -20 "$log/$a.$s.build"
		failed=$((failed + 1))
	else
		for t in $(unit_suites "$s" "${last_of[$a]}"); do
			run_suite "$a" "$s" "$t"
		done
	fi
	echo "$passed $failed $skipped" >"$log/$a.$s.counts"
}

# An arch's units, after what can be said of it before any runs: a port in
# progress (docs/exercises.md) without step 1 has none, and fails once
# naming it; a later step missing is named at the end of its report.
units=() order=()
declare -A last_of
for a in $arches; do
	next=$("$kit/scripts/port-status" "$a")
	if [ $? = 2 ]; then
		echo "FAIL $next" >"$log/$a.pre"
		failed=$((failed + 1))
		continue
	fi
	: >"$log/$a.pre"
	stages=$(make -s -C "$kit" --no-print-directory ARCH="$a" print-STAGES)
	last_of[$a]=${stages##* }
	[ -n "$only_stage" ] && stages=$(echo " $stages " | grep -o " $only_stage " | tr -d ' ')
	[ -z "$stages" ] && [ "$only_stage" != 0 ] &&
		echo "skip $a: no stage ${only_stage:+$only_stage }available" >"$log/$a.pre"
	for s in $stages; do
		[ -n "$(unit_suites "$s" "${last_of[$a]}")" ] && order+=("$a $s")
	done
	: >"$log/$a.post"
	if [ -z "$only_stage" ] || [ "$only_stage" = 0 ]; then
		if [ -z "$(unit_suites 0)" ]; then
			:
		elif [ -n "$(make -s -C "$kit" --no-print-directory ARCH="$a" \
			print-HAVE_FTRACE_MCOUNT_RECORD)" ]; then
			order+=("$a 0")
		else
			echo "skip $a/recordmcount: no HAVE_FTRACE_MCOUNT_RECORD in arch/$a/arch.mk" >"$log/$a.post"
		fi
	fi
	[ -n "$next" ] && echo "next $next" >>"$log/$a.post"
done
# the longest units first (stage 4 has every chapter), so that the last
# ones to finish are short
for s in 5 4 1 3 2 0; do
	for u in "${order[@]}"; do
		[ "${u#* }" = $s ] && units+=("$u")
	done
done

# the host tool every arch's suites use, built once before they start
make -s -C "$kit" --no-print-directory recordmcount >/dev/null 2>&1
running=0
for u in "${units[@]}"; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	read -r a s <<<"$u"
	run_unit "$a" "$s" >"$log/$a.$s.out" 2>&1 &
	running=$((running + 1))
done
wait
for a in $arches; do
	cat "$log/$a.pre" 2>/dev/null
	for u in "${order[@]}"; do
		read -r ua s <<<"$u"
		[ "$ua" = "$a" ] || continue
		cat "$log/$a.$s.out"
		read -r p f k <"$log/$a.$s.counts" 2>/dev/null || { p=0 f=1 k=0; }
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + k))
	done
	cat "$log/$a.post" 2>/dev/null
done
# suites that need no arch (the docs, the layout, porting), once
if [ -z "$only_stage" ]; then
	for t in "$kit"/tests/docs/test_*.sh "$kit"/tests/layout/test_*.sh \
		 "$kit"/tests/porting/test_*.sh; do
		[ -f "$t" ] && wanted "$t" && run_suite all 0 "$t"
	done
fi
echo
echo "$passed passed, $failed failed${skipped:+, $skipped skipped}" | sed 's/, 0 skipped$//'
[ "$failed" = 0 ]
