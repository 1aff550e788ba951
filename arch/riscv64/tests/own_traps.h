/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64's trap instructions for tests/stage3/src/owntrap.c: the kit's
 * own system-call trap (mret, illegal in user mode), a breakpoint
 * (ebreak, in its 4-byte form) and the canonical illegal instruction
 * (unimp: csrrw x0, cycle, x0).  Each sets t0 to OWN_TRAP_MAGIC first, so
 * that the handler can see that the context it gets is the trapping
 * code's.
 */
#include <ucontext.h>

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		".globl " #name "\n"					\
		".type " #name ", %function\n"				\
		#name ":\n"						\
		"	li	t0, 0x2a5\n"				\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	ret\n"						\
		".size " #name ", . - " #name "\n")

#define OWN_TRAPS(X)						\
	X(own_mret, ".4byte 0x30200073")			\
	X(own_ebreak, ".4byte 0x00100073")			\
	X(own_unimp, ".4byte 0xc0001073")

#define OWN_TRAP_MAGIC	0x2a5

static inline unsigned long own_trap_pc(ucontext_t *uc)
{
	return uc->uc_mcontext.__gregs[REG_PC];
}

static inline void own_trap_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.__gregs[REG_PC] = pc;
}

static inline unsigned long own_trap_reg(ucontext_t *uc)
{
	return uc->uc_mcontext.__gregs[5];	/* t0 */
}
