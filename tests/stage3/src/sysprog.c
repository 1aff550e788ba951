// SPDX-License-Identifier: GPL-2.0
/*
 * System calls of every kind, for the system-call events
 * (tests/stage3/test_syscalls.sh).  Run untraced and traced, it must print
 * the same and end the same.  The first argument says what to do:
 *
 *   files PATH     write, read back and close PATH; open a file that
 *                  is not there (errno must stay the program's)
 *   threads N      N threads call getppid() and end; joined
 *   fork           a child that _exit(3)s, waited for
 *   vfork CMD...   vfork() and execvp(CMD) in the child, waited for
 *   spawn CMD...   posix_spawnp(CMD), waited for
 *   exec CMD...    execvp(CMD)
 *   execfail       execve() of a file that is not there
 *   eintr          read() of an empty pipe, interrupted by a timer signal
 *                  whose handler has no SA_RESTART: EINTR
 *   restart        the same with SA_RESTART: the handler writes a byte,
 *                  the read restarts and gets it
 *   blockall       every signal blocked, a thread made and joined, calls
 *                  made meanwhile
 *   ownsig         the program's own SIGILL and SIGTRAP handlers, raised
 *   dlopen LIB     dlopen() LIB, whose constructor makes system calls
 *   dlcopy LIB     dlopen() LIB, a copy of the C library under another
 *                  name (the kit knows an object by its build-id: this
 *                  one has a site table, and comes after start-up), call
 *                  its getppid() and dlclose() it; twice (the second one
 *                  lands where the first was, as like as not)
 *   ppid N         N getppid() calls, nothing else
 *   storm N        N getpid() calls under a timer signal every 100 us
 *                  whose handler calls getppid(): prints how many times
 *                  (the trace must hold each one's two events)
 *   regs           x86_64: what the C library's syscall() leaves in %rcx
 *                  (the kernel's return address: the instruction after
 *                  the site in the C library), that the direction flag
 *                  it was called with is still set, and that
 *                  the callee-saved registers and the caller's red zone
 *                  are as they were, and %rcx after a call that blocks
 *                  every signal; aarch64: that x9-x17 and d16-d31,
 *                  which syscall() does not touch, are as they were;
 *                  riscv64: the same of t0, t2-t6 and f0-f31
 *   names          getrusage(RUSAGE_SELF) and getpriority(PRIO_PROCESS, 0):
 *                  arguments the test knows, under the kernel's names
 *                  (tests/stage3/test_syscall_names.sh)
 *
 * Built with -DSYSLIB_LINKED and linked with syslib.so (a call through a
 * function pointer into a position-independent library crashes a MIPS
 * program of the kit, docs/04-dynamic-ftrace.md, "Modules"):
 *
 *   libblockall    syslib.c blocks every signal itself, then makes a
 *                  thread that makes calls
 *   libownsig      syslib.c installs its own SIGILL and SIGTRAP handlers
 *                  and raises them, then puts the old ones back
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#include "blockall.h"

extern char **environ;

static int files(const char *path)
{
	char buf[32] = "";
	int fd, n, bad, err;

	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "hello", 5) != 5 || lseek(fd, 0, SEEK_SET))
		return 1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	bad = open("/nonexistent/file", O_RDONLY);
	err = errno;
	printf("read %d '%s', open %d errno %d (%s)\n", n, buf, bad, err,
	       strerror(err));
	return 0;
}

static int threads(int n)
{
	pthread_t t[16];
	long sum = 0;
	void *r;
	int i;

	for (i = 0; i < n && i < 16; i++)
		if (pthread_create(&t[i], NULL, caller, NULL))
			return 1;
	for (i = 0; i < n && i < 16; i++) {
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("threads %d calls %ld\n", n, sum);
	return 0;
}

static int waited(pid_t pid, const char *what)
{
	int status;

	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 1;
	printf("%s: status %d\n", what, WEXITSTATUS(status));
	return 0;
}

static int do_fork(void)
{
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (!pid) {
		printf("child %d\n", getppid() > 0);
		fflush(stdout);
		_exit(3);
	}
	return waited(pid, "fork");
}

static int do_vfork(char **cmd)
{
	pid_t pid;

	fflush(stdout);
	pid = vfork();
	if (!pid) {
		execvp(cmd[0], cmd);
		_exit(127);
	}
	return waited(pid, "vfork");
}

static int spawn(char **cmd)
{
	pid_t pid;

	fflush(stdout);
	if (posix_spawnp(&pid, cmd[0], NULL, NULL, cmd, environ))
		return 1;
	return waited(pid, "spawn");
}

static int execfail(void)
{
	char *argv[] = { "nothing", NULL };

	execve("/nonexistent/program", argv, environ);
	printf("execve: errno %d\n", errno);
	return 0;
}

static int pipefd[2];
static volatile sig_atomic_t ticks;

static void tick(int sig)
{
	ticks++;
	/* restart: the byte the restarted read gets */
	if (write(pipefd[1], "x", 1) != 1)
		ticks += 100;
}

static int interrupted(int flags)
{
	struct itimerval it = { { 0, 0 }, { 0, 50000 } };
	struct sigaction sa;
	char c;
	int n;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = tick;
	sa.sa_flags = flags;
	if (pipe(pipefd) || sigaction(SIGALRM, &sa, NULL) ||
	    setitimer(ITIMER_REAL, &it, NULL))
		return 1;
	n = read(pipefd[0], &c, 1);
	printf("read %d%s, ticks %d\n", n, n < 0 && errno == EINTR ?
	       " EINTR" : "", (int)ticks);
	return 0;
}

static int blockall(void)
{
	blocked_calls("blocked", pthread_sigmask);
	return 0;
}

static volatile sig_atomic_t caught[65];

static void own(int sig)
{
	caught[sig]++;
}

static int ownsig(void)
{
	signal(SIGILL, own);
	signal(SIGTRAP, own);
	raise(SIGILL);
	raise(SIGTRAP);
	raise(SIGILL);
	printf("SIGILL %d SIGTRAP %d ppid %d\n", (int)caught[SIGILL],
	       (int)caught[SIGTRAP], getppid() > 0);
	return 0;
}

static int load(const char *lib)
{
	void *h = dlopen(lib, RTLD_NOW);

	if (!h) {
		printf("dlopen: %s\n", dlerror());
		return 1;
	}
	printf("loaded, ppid %d\n", getppid() > 0);
	return dlclose(h) != 0;
}

/* (never closed: its destructors would be a second C library's) */
static int load_copy(const char *lib)
{
	int round;

	for (round = 0; round < 2; round++) {
		void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
		pid_t (*ppid)(void);

		if (!h) {
			printf("dlopen: %s\n", dlerror());
			return 1;
		}
		ppid = (pid_t (*)(void))dlsym(h, "getppid");
		if (!ppid)
			return 1;
		printf("copy: %s getppid, ppid %d\n", ppid == getppid ?
		       "the program's" : "its own", ppid() > 0);
		dlclose(h);
	}
	return 0;
}

static int names(void)
{
	struct rusage ru;
	int r, p;

	r = getrusage(RUSAGE_SELF, &ru);
	errno = 0;
	p = getpriority(PRIO_PROCESS, 0);
	/* (-1 is also a nice value: errno tells) */
	printf("getrusage %d, getpriority %s\n", r,
	       p == -1 && errno ? "failed" : "ok");
	return 0;
}

static int ppid(long n)
{
	long i, same = 0;
	pid_t p = getppid();

	for (i = 0; i < n; i++)
		same += getppid() == p;
	printf("ppid: %ld of %ld the same\n", same, n);
	return 0;
}

static volatile sig_atomic_t storm_calls;

static void storm_tick(int sig)
{
	if (getppid() > 0)
		storm_calls++;
}

static int storm(long n)
{
	struct itimerval it = { { 0, 100 }, { 0, 100 } };
	struct sigaction sa;
	long i, sum = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = storm_tick;
	sa.sa_flags = SA_RESTART;
	if (sigaction(SIGALRM, &sa, NULL) || setitimer(ITIMER_REAL, &it, NULL))
		return 1;
	for (i = 0; i < n; i++)
		sum += getpid() > 0;
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	printf("storm: %ld calls, handler %d\n", sum, (int)storm_calls);
	return 0;
}

#ifdef __x86_64__
#include <sys/syscall.h>

/*
 * syscall(SYS_getppid) called from asm, every callee-saved register set
 * to a known value first, and the 128 bytes below the stack pointer of
 * syscall() itself (its red zone: a leaf function may keep data there,
 * and the kernel never writes it) filled with known words; what came
 * back is printed.
 */
/* %rcx as the C library's syscall(nr, a, b, c, d) leaves it */
static __attribute__((noinline)) unsigned long
syscall_rcx(long nr, long a, long b, long c, long d)
{
	register long rdi __asm__("rdi") = nr, rsi __asm__("rsi") = a;
	register long rdx __asm__("rdx") = b, rcx __asm__("rcx") = c;
	register long r8 __asm__("r8") = d;

	__asm__ __volatile__(
		/* our red zone stepped over, 16-byte aligned */
		"mov %%rsp, %%r12\n\tsub $256, %%rsp\n\tand $-16, %%rsp\n\t"
		"xor %%eax, %%eax\n\t"	/* a variadic call: no vector */
		"call syscall@PLT\n\t"
		"mov %%r12, %%rsp"
		: "+r" (rdi), "+r" (rsi), "+r" (rdx), "+r" (rcx), "+r" (r8)
		:
		: "rax", "r9", "r10", "r11", "r12", "memory", "cc",
		  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
		  "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
		  "xmm14", "xmm15");
	return rcx;
}

static __attribute__((noinline)) int regs(void)
{
	unsigned long rcx, bad, ret;
	sigset_t all, old;
	Dl_info dl;

	/* the PLT entry bound first: the loader's resolver uses the stack */
	syscall(SYS_getppid);
	__asm__ __volatile__(
		"push %%rbx\n\tpush %%rbp\n\tpush %%r12\n\t"
		"push %%r13\n\tpush %%r14\n\tpush %%r15\n\t"
		"mov %%rsp, %%r15\n\t"
		/* our own red zone stepped over, 16-byte aligned */
		"sub $256, %%rsp\n\tand $-16, %%rsp\n\t"
		/* syscall()'s red zone, below its return address */
		"mov $16, %%ecx\n"
		"1:\tlea 0x5a5a(%%rcx), %%rax\n\t"
		"mov %%rax, -144(%%rsp,%%rcx,8)\n\t"
		"sub $1, %%ecx\n\tjnz 1b\n\t"
		"mov $0x1111, %%ebx\n\tmov $0x2222, %%ebp\n\t"
		"mov $0x3333, %%r12d\n\tmov $0x4444, %%r13d\n\t"
		"mov $0x5555, %%r14d\n\t"
		"mov %[nr], %%edi\n\t"
		/* the direction flag set: the kernel keeps it, so must we */
		"std\n\t"
		"call syscall@PLT\n\t"
		"pushf\n\tpop %%r8\n\tcld\n\t"
		"mov %%rcx, %%rsi\n\t"
		/* what changed: a bit for each register, one for the words */
		"xor %%edx, %%edx\n\t"
		"cmp $0x1111, %%rbx\n\tsetne %%dl\n\t"
		"cmp $0x2222, %%rbp\n\tjz 2f\n\tor $2, %%edx\n"
		"2:\tcmp $0x3333, %%r12\n\tjz 2f\n\tor $4, %%edx\n"
		"2:\tcmp $0x4444, %%r13\n\tjz 2f\n\tor $8, %%edx\n"
		"2:\tcmp $0x5555, %%r14\n\tjz 2f\n\tor $16, %%edx\n"
		"2:\tmov $16, %%ecx\n"
		"3:\tlea 0x5a5a(%%rcx), %%rdi\n\t"
		"cmp %%rdi, -144(%%rsp,%%rcx,8)\n\tjz 4f\n\t"
		"or $32, %%edx\n"
		"4:\tsub $1, %%ecx\n\tjnz 3b\n\t"
		"bt $10, %%r8\n\tjc 5f\n\tor $64, %%edx\n"
		"5:\tmov %%rsi, %%rcx\n\t"
		"mov %%r15, %%rsp\n\t"
		"pop %%r15\n\tpop %%r14\n\tpop %%r13\n\t"
		"pop %%r12\n\tpop %%rbp\n\tpop %%rbx"
		: "=a" (ret), "=c" (rcx), "=d" (bad)
		: [nr] "i" (SYS_getppid)
		: "rsi", "rdi", "r8", "r9", "r10", "r11", "memory", "cc",
		  "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",
		  "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",
		  "xmm14", "xmm15");
	if (!dladdr((void *)rcx, &dl) || !dl.dli_sname)
		printf("regs: rcx %s\n", "outside any function");
	else
		printf("regs: rcx %s+0x%lx, changed %#lx, ppid %d\n",
		       dl.dli_sname, rcx - (unsigned long)dl.dli_saddr, bad,
		       (long)ret == getppid());
	/* a call that comes back through trap 2: it blocks the trap signal */
	sigfillset(&all);
	rcx = syscall_rcx(SYS_rt_sigprocmask, SIG_BLOCK, (long)&all,
			  (long)&old, _NSIG / 8);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (!dladdr((void *)rcx, &dl) || !dl.dli_sname)
		printf("regs: masked, rcx %s\n", "outside any function");
	else
		printf("regs: masked, rcx %s+0x%lx\n", dl.dli_sname,
		       rcx - (unsigned long)dl.dli_saddr);
	return 0;
}
#elif defined(__aarch64__)
#include <sys/syscall.h>

/*
 * syscall(SYS_getppid) called from asm through a pointer to the C
 * library's own function (RTLD_NEXT: not the program's PLT entry, which
 * a non-PIE program that calls syscall() has as its address; PLT entries
 * use x16 and x17, riscv64's t1 and t3), with
 * x9-x17 and d16-d31 set to known values: the C library's syscall()
 * touches none of them around its "svc", so an untraced call leaves
 * them as they were, and so must a traced one (its site branches to a
 * slot that runs C).  Bit k of what is printed: the k-th of them changed.
 */
static __attribute__((noinline)) int regs(void)
{
	long (*fn)(long, ...) = dlsym(RTLD_NEXT, "syscall");
	unsigned long in[25], out[26], bad = 0;
	int k;

	if (!fn) {
		printf("regs: no syscall()\n");
		return 1;
	}
	for (k = 0; k < 25; k++)
		in[k] = 0x5a5a0000UL + k;
	__asm__ __volatile__(
		"ldp x9, x10, [%[in]]\n\tldp x11, x12, [%[in], #16]\n\t"
		"ldp x13, x14, [%[in], #32]\n\tldp x15, x16, [%[in], #48]\n\t"
		"ldr x17, [%[in], #64]\n\t"
		"ldp d16, d17, [%[in], #72]\n\tldp d18, d19, [%[in], #88]\n\t"
		"ldp d20, d21, [%[in], #104]\n\tldp d22, d23, [%[in], #120]\n\t"
		"ldp d24, d25, [%[in], #136]\n\tldp d26, d27, [%[in], #152]\n\t"
		"ldp d28, d29, [%[in], #168]\n\tldr d30, [%[in], #184]\n\t"
		"ldr d31, [%[in], #192]\n\t"
		"mov x0, %[nr]\n\t"
		"blr %[fn]\n\t"
		"stp x9, x10, [%[out]]\n\tstp x11, x12, [%[out], #16]\n\t"
		"stp x13, x14, [%[out], #32]\n\tstp x15, x16, [%[out], #48]\n\t"
		"str x17, [%[out], #64]\n\t"
		"stp d16, d17, [%[out], #72]\n\tstp d18, d19, [%[out], #88]\n\t"
		"stp d20, d21, [%[out], #104]\n\tstp d22, d23, [%[out], #120]\n\t"
		"stp d24, d25, [%[out], #136]\n\tstp d26, d27, [%[out], #152]\n\t"
		"stp d28, d29, [%[out], #168]\n\tstr d30, [%[out], #184]\n\t"
		"str d31, [%[out], #192]\n\t"
		"str x0, [%[out], #200]"
		:
		: [in] "r" (in), [out] "r" (out), [fn] "r" (fn),
		  [nr] "i" (SYS_getppid)
		: "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9",
		  "x10", "x11", "x12", "x13", "x14", "x15", "x16", "x17",
		  "x30", "memory", "cc",
		  "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v16",
		  "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24",
		  "v25", "v26", "v27", "v28", "v29", "v30", "v31");
	for (k = 0; k < 25; k++)
		if (out[k] != in[k])
			bad |= 1UL << k;
	printf("regs: changed %#lx, ppid %d\n", bad,
	       (long)out[25] == getppid());
	return 0;
}
#elif defined(__riscv) && __riscv_xlen == 64
#include <sys/syscall.h>

/*
 * The same on riscv64: t0, t2-t6 and f0-f31, which the C library's
 * syscall() does not touch (it moves the number through t1), across the
 * trap and the slot.
 */
static __attribute__((noinline)) int regs(void)
{
	long (*fn)(long, ...) = dlsym(RTLD_NEXT, "syscall");
	unsigned long in[38], out[39], bad = 0;
	int k;

	if (!fn) {
		printf("regs: no syscall()\n");
		return 1;
	}
	for (k = 0; k < 38; k++)
		in[k] = 0x5a5a0000UL + k;
	__asm__ __volatile__(
		"ld t0, 0(%[in])\n\tld t2, 8(%[in])\n\tld t3, 16(%[in])\n\t"
		"ld t4, 24(%[in])\n\tld t5, 32(%[in])\n\tld t6, 40(%[in])\n\t"
		".irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
		"20,21,22,23,24,25,26,27,28,29,30,31\n\t"
		"fld f\\n, (48 + 8 * \\n)(%[in])\n\t.endr\n\t"
		"li a0, %[nr]\n\t"
		"jalr %[fn]\n\t"
		"sd t0, 0(%[out])\n\tsd t2, 8(%[out])\n\tsd t3, 16(%[out])\n\t"
		"sd t4, 24(%[out])\n\tsd t5, 32(%[out])\n\tsd t6, 40(%[out])\n\t"
		".irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,"
		"20,21,22,23,24,25,26,27,28,29,30,31\n\t"
		"fsd f\\n, (48 + 8 * \\n)(%[out])\n\t.endr\n\t"
		"sd a0, 304(%[out])"
		:
		: [in] "r" (in), [out] "r" (out), [fn] "r" (fn),
		  [nr] "i" (SYS_getppid)
		: "ra", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a0", "a1",
		  "a2", "a3", "a4", "a5", "a6", "a7", "memory",
		  "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9",
		  "f10", "f11", "f12", "f13", "f14", "f15", "f16", "f17",
		  "f18", "f19", "f20", "f21", "f22", "f23", "f24", "f25",
		  "f26", "f27", "f28", "f29", "f30", "f31");
	for (k = 0; k < 38; k++)
		if (out[k] != in[k])
			bad |= 1UL << k;
	printf("regs: changed %#lx, ppid %d\n", bad,
	       (long)out[38] == getppid());
	return 0;
}
#else
static int regs(void)
{
	printf("regs: x86_64, aarch64 and riscv64 only\n");
	return 0;
}
#endif

#ifdef SYSLIB_LINKED
void syslib_blockall(void);
void syslib_ownsig(void);
#endif

int main(int argc, char **argv)
{
	const char *how = argc > 1 ? argv[1] : "";

	if (!strcmp(how, "files") && argc > 2)
		return files(argv[2]);
	if (!strcmp(how, "threads") && argc > 2)
		return threads(atoi(argv[2]));
	if (!strcmp(how, "fork"))
		return do_fork();
	if (!strcmp(how, "vfork") && argc > 2)
		return do_vfork(argv + 2);
	if (!strcmp(how, "spawn") && argc > 2)
		return spawn(argv + 2);
	if (!strcmp(how, "exec") && argc > 2) {
		printf("exec\n");
		fflush(stdout);
		execvp(argv[2], argv + 2);
		return 127;
	}
	if (!strcmp(how, "execfail"))
		return execfail();
	if (!strcmp(how, "eintr"))
		return interrupted(0);
	if (!strcmp(how, "restart"))
		return interrupted(SA_RESTART);
	if (!strcmp(how, "blockall"))
		return blockall();
	if (!strcmp(how, "ownsig"))
		return ownsig();
	if (!strcmp(how, "dlopen") && argc > 2)
		return load(argv[2]);
	if (!strcmp(how, "dlcopy") && argc > 2)
		return load_copy(argv[2]);
	if (!strcmp(how, "names"))
		return names();
	if (!strcmp(how, "ppid") && argc > 2)
		return ppid(atol(argv[2]));
	if (!strcmp(how, "storm") && argc > 2)
		return storm(atol(argv[2]));
	if (!strcmp(how, "regs"))
		return regs();
#ifdef SYSLIB_LINKED
	if (!strcmp(how, "libblockall")) {
		syslib_blockall();
		return 0;
	}
	if (!strcmp(how, "libownsig")) {
		syslib_ownsig();
		return 0;
	}
#endif
	fprintf(stderr, "sysprog: what to do?\n");
	return 2;
}
