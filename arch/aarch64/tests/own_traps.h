/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64's trap instructions for tests/stage3/src/owntrap.c: the kit's
 * own system-call trap (udf #0x5c) and a breakpoint (brk #0).
 */

/* X(name, the instruction) */
#define OWN_TRAPS(X)						\
	X(own_udf_5c, ".inst 0x0000005c")			\
	X(own_brk, "brk #0")

/*
 * Each trap function sets a register to OWN_TRAP_MAGIC, traps, returns:
 * the assembler around the trap, and the function's symbol type.
 */
#define OWN_TRAP_MAGIC_INSN	"mov x9, #0x2a5"
#define OWN_TRAP_RET_INSN	"ret"
#define OWN_TRAP_PRE		""
#define OWN_TRAP_POST		""
#define OWN_TRAP_FUNC_TYPE	"%function"

/* the context's pc and that register, as lvalues */
#define OWN_TRAP_PC(uc)		(uc)->uc_mcontext.pc
#define OWN_TRAP_REG(uc)	(uc)->uc_mcontext.regs[9]
