/* SPDX-License-Identifier: GPL-2.0 */
/*
 * MIPS's trap instructions for tests/stage3/src/owntrap.c: the kit's own
 * system-call trap (break 700), a plain break, and a conditional trap
 * that always fires (teq $0, $0).  No delay slot is filled by the
 * assembler: the return's is a nop.
 */

/* X(name, the instruction) */
#define OWN_TRAPS(X)						\
	X(own_break_700, ".word 0x02bc000d")			\
	X(own_break, ".word 0x0000000d")			\
	X(own_teq, ".word 0x00000034")

/*
 * Each trap function sets a register to OWN_TRAP_MAGIC, traps, returns:
 * the assembler around the trap, and the function's symbol type.
 */
#define OWN_TRAP_MAGIC_INSN	"li $3, 0x2a5"
#define OWN_TRAP_RET_INSN	"jr $31; nop"
#define OWN_TRAP_PRE		".set push; .set noreorder"
#define OWN_TRAP_POST		".set pop"
#define OWN_TRAP_FUNC_TYPE	"@function"

/* the context's pc and that register, as lvalues */
#define OWN_TRAP_PC(uc)		(uc)->uc_mcontext.pc
#define OWN_TRAP_REG(uc)	(uc)->uc_mcontext.gregs[3]
