/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64's trap instructions for tests/stage3/src/owntrap.c: the ones the
 * kit itself uses (int3 for the breakpoint protocol, ud2 for system-call
 * traps) and one it never does ("int $3", two bytes, which the kernel
 * reports exactly as it reports int3: SI_KERNEL, rip after it).  Each
 * sets rax to OWN_TRAP_MAGIC first, so that the handler can see that the
 * context it gets is the trapping code's.
 */
#include <ucontext.h>

#define OWN_TRAP_ASM(name, insn)					\
	__asm__(".text\n"						\
		".globl " #name "\n"					\
		".type " #name ", @function\n"				\
		#name ":\n"						\
		"	movl	$0x2a5, %eax\n"				\
		".globl " #name "_insn\n"				\
		#name "_insn:\n"					\
		"	" insn "\n"					\
		".globl " #name "_next\n"				\
		#name "_next:\n"					\
		"	ret\n"						\
		".size " #name ", . - " #name "\n")

#define OWN_TRAPS(X)						\
	X(own_int3, ".byte 0xcc")				\
	X(own_int_3, ".byte 0xcd, 0x03")			\
	X(own_ud2, ".byte 0x0f, 0x0b")

#define OWN_TRAP_MAGIC	0x2a5

static inline unsigned long own_trap_pc(ucontext_t *uc)
{
	return uc->uc_mcontext.gregs[REG_RIP];
}

static inline void own_trap_set_pc(ucontext_t *uc, unsigned long pc)
{
	uc->uc_mcontext.gregs[REG_RIP] = pc;
}

static inline unsigned long own_trap_reg(ucontext_t *uc)
{
	return uc->uc_mcontext.gregs[REG_RAX];
}
