/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64's trap instructions for tests/stage3/src/owntrap.c: the kit's
 * own system-call trap (mret, illegal in user mode), a breakpoint
 * (ebreak, in its 4-byte form) and the canonical illegal instruction
 * (unimp: csrrw x0, cycle, x0).
 */

/* X(name, the instruction) */
#define OWN_TRAPS(X)						\
	X(own_mret, ".4byte 0x30200073")			\
	X(own_ebreak, ".4byte 0x00100073")			\
	X(own_unimp, ".4byte 0xc0001073")

/*
 * Each trap function sets a register to OWN_TRAP_MAGIC, traps, returns:
 * the assembler around the trap, and the function's symbol type.
 */
#define OWN_TRAP_MAGIC_INSN	"li t0, 0x2a5"
#define OWN_TRAP_RET_INSN	"ret"
#define OWN_TRAP_PRE		""
#define OWN_TRAP_POST		""
#define OWN_TRAP_FUNC_TYPE	"%function"

/* the context's pc and that register, as lvalues */
#define OWN_TRAP_PC(uc)		(uc)->uc_mcontext.__gregs[REG_PC]
#define OWN_TRAP_REG(uc)	(uc)->uc_mcontext.__gregs[5]	/* t0 */
