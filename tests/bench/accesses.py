# SPDX-License-Identifier: GPL-2.0
#
# gdb script for "make bench": steps a callbench build one instruction at a
# time through one whole call tree, fib_a(10) (177 traced calls, every
# entry with its return), and counts its instructions and the memory
# accesses among them.
#
#   gdb -q -batch -x accesses.py --args ./build ...
#
# It stops in run_iterations(), where the workload starts (a breakpoint
# in fib_a() itself would sit on a patch site), steps on uncounted to the
# first call of fib_a(10), then counts until that call is back in its
# caller (the caller's address, the stack pointer above the return
# address), and prints one line:
#   accesses calls C instructions I loads L stores S
# a call being an arrival at fib_a() or fib_b().  An instruction that
# reads and writes memory (add to memory, xadd, inc) counts as a load and
# a store; push and call store, pop, ret and leave load; lea touches
# nothing.
import re
import gdb

gdb.execute("set pagination off")
gdb.execute("break run_iterations", to_string=True)
gdb.execute("run", to_string=True)
gdb.execute("delete", to_string=True)

arch = gdb.selected_frame().architecture()
starts = {int(gdb.parse_and_eval("(long)&%s" % f)) for f in ("fib_a", "fib_b")}
seen = {}


def is_mem(operand):
	"""an AT&T operand that names memory"""
	if operand.startswith("$"):
		return False
	if operand.startswith("%"):
		return ":" in operand	# %fs:...: a segment-based address
	return True			# (...), sym(%rip), an absolute address


def classify(text):
	"""(loads, stores) of one disassembled instruction"""
	text = re.sub(r"\s*[#<].*", "", text)
	parts = text.split(None, 1)
	op = parts[0]
	ops = []
	if len(parts) > 1:
		ops = [o.strip() for o in re.split(r",(?![^()]*\))", parts[1])]
	if op.startswith(("push", "call")):
		return (1 if ops and ops[0].startswith("*") and
			is_mem(ops[0][1:]) else 0), 1
	if op.startswith(("pop", "ret", "leave")):
		return 1, 0
	if op.startswith(("lea", "nop")) or op == "rdtsc":
		return 0, 0
	if op.startswith("j"):
		return (1 if ops and ops[0].startswith("*") and
			is_mem(ops[0][1:]) else 0), 0
	mem = [i for i, o in enumerate(ops) if is_mem(o)]
	if not mem:
		return 0, 0
	if op.startswith(("cmp", "test", "bt")) and \
	   not op.startswith(("bts", "btr", "btc")):
		return 1, 0
	if mem[-1] == len(ops) - 1:	# the destination is memory
		if op.startswith("mov"):
			return 0, 1
		return 1, 1
	return 1, 0


def pc():
	return int(gdb.parse_and_eval("$pc"))


def reg(name):
	return int(gdb.parse_and_eval("(long)$" + name))


MAX_STEPS = 10000000		# each walk gives up after as many

fib_a = int(gdb.parse_and_eval("(long)&fib_a"))
steps = 0
while not (pc() == fib_a and reg("rdi") & 0xffffffff == 10):
	gdb.execute("stepi", to_string=True)
	steps += 1
	if steps > MAX_STEPS:
		raise gdb.GdbError("accesses: no call of fib_a(10)")
sp0 = reg("rsp")
ra = int(gdb.parse_and_eval("*(long *)$rsp"))

calls = loads = stores = steps = 0
while not (pc() == ra and reg("rsp") == sp0 + 8):
	at = pc()
	if at in starts:
		calls += 1
	if at not in seen:
		seen[at] = classify(arch.disassemble(at)[0]["asm"])
	l, s = seen[at]
	loads += l
	stores += s
	steps += 1
	if steps > MAX_STEPS:
		raise gdb.GdbError("accesses: fib_a(10) does not return")
	gdb.execute("stepi", to_string=True)
print("accesses calls %d instructions %d loads %d stores %d" %
      (calls, steps, loads, stores))
gdb.execute("kill", to_string=True)
