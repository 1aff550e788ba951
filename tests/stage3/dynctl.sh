# Helpers of the chapter 4 suites, around tests/progs/dyn/dynctl.c: sourced
# after tests/lib.sh and arch/<arch>/tests/dyn_site.sh.

P=$O/dyn/dynctl
FUNCS="alpha_one alpha_two beta_one gamma_x"

# run dynctl STEPS...; stdout in $TMPD/out, trace in $TMPD/t
dynctl() {
	FTRACE_CURRENT_TRACER=${FTRACE_CURRENT_TRACER-nop} FTRACE_TRACE=$TMPD/t \
		run_target "$P" "$@" >"$TMPD/out" 2>"$TMPD/err"
}

# "name state" for every site of the Nth "sites" step (1-based)
site_states() { # N
	local caller addr name hex
	awk -v n="$1" '/^(site|caller) / && !inb { k++; inb = 1 } /^call / { inb = 0 }
		k == n && /^(site|caller) /' "$TMPD/out" >"$TMPD/block"
	caller=$(sed -n 's/^caller //p' "$TMPD/block")
	grep '^site ' "$TMPD/block" | while read -r _ addr name hex; do
		echo "$name $(site_state_any "$addr" "$hex" "$caller")"
	done
}

# the states of our four functions, one line
our_states() { # N
	site_states "$1" | awk -v f=" $FUNCS " 'index(f, " " $1 " ") { printf "%s%s=%s", s, $1, $2; s = " " }'
}
