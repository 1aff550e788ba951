/* SPDX-License-Identifier: GPL-2.0 */
/*
 * AArch64's trap instructions for tests/stage3/src/owntrap.c: the kit's
 * own system-call trap (udf #0x5c) and a breakpoint (brk #0).  Each sets
 * x9 to OWN_TRAP_MAGIC first, so that the handler can see that the
 * context it gets is the trapping code's.
 */
#include <ucontext.h>

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		".globl " #name "\n"					\
		".type " #name ", %function\n"				\
		#name ":\n"						\
		"	mov	x9, #0x2a5\n"				\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	ret\n"						\
		".size " #name ", . - " #name "\n")

#define OWN_TRAPS(X)						\
	X(own_udf_5c, ".inst 0x0000005c")			\
	X(own_brk, "brk #0")

#define OWN_TRAP_MAGIC	0x2a5

static inline unsigned long own_trap_pc(ucontext_t *uc)
{
	return uc->uc_mcontext.pc;
}

static inline void own_trap_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.pc = pc;
}

static inline unsigned long own_trap_reg(ucontext_t *uc)
{
	return uc->uc_mcontext.regs[9];
}
