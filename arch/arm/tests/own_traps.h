/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ARM's trap instructions for tests/stage3/src/owntrap.c, in Thumb state
 * as the C library's code is: the kit's own system-call trap
 * (udf #0x5c), udf #1 (which Linux takes as a breakpoint) and bkpt.
 */

/* X(name, the instruction) */
#define OWN_TRAPS(X)						\
	X(own_udf_5c, ".inst.n 0xde5c")				\
	X(own_udf_1, ".inst.n 0xde01")				\
	X(own_bkpt, ".inst.n 0xbe00")

/*
 * Each trap function sets a register to OWN_TRAP_MAGIC, traps, returns:
 * the assembler around the trap, and the function's symbol type.
 */
#define OWN_TRAP_MAGIC_INSN	"movw r3, #0x2a5"
#define OWN_TRAP_RET_INSN	"bx lr"
#define OWN_TRAP_PRE		".syntax unified; .thumb"
#define OWN_TRAP_POST		""
#define OWN_TRAP_FUNC_TYPE	"%function; .thumb_func"

/* the context's pc and that register, as lvalues */
#define OWN_TRAP_PC(uc)		(uc)->uc_mcontext.arm_pc
#define OWN_TRAP_REG(uc)	(uc)->uc_mcontext.arm_r3
