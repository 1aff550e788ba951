# What a dynamic ftrace site holds on @ARCH@ (chapter 4), for
# tests/stage3: sourced by the suites after tests/lib.sh (OBJDUMP, TMPD).
#
#   site_state ADDR HEX CALLER
#
# ADDR: the site (hex, no 0x); HEX: the bytes read back from memory there;
# CALLER: ftrace_caller's address.  Prints "nop", "call" or "other:
# <disassembly>", decoded by objdump, not compared with the arch code's
# constants.
#
#   graph_site_state ADDR HEX CALLER     (chapter 5, tests/stage4)
#
# what ftrace_graph_call holds: "nop", "jump" (to CALLER,
# ftrace_graph_caller) or "other: <disassembly>".
#
# EXERCISE(6): write site_state (arch/mips/tests/dyn_site.sh is a model).
# EXERCISE(7): write graph_site_state.
site_state() { echo "other: not written"; }
graph_site_state() { echo "other: not written"; }
