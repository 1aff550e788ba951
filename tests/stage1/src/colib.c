// SPDX-License-Identifier: GPL-2.0
/*
 * A coroutine library, built without the kit (tests/stage1/
 * test_real_programs.sh, with colibmain.c): its own swapcontext() and
 * setcontext() calls switch between the program's coroutines, which run
 * traced code and yield from inside it.  The graph tracer's return stack
 * must follow each switch, though the program never calls those
 * functions itself (stage1-static/interpose.c).  And it blocks signals by
 * its own call, as a scheduler does around its switches: the mask in
 * force must be the one the program's own call would set.
 */
#include <signal.h>
#include <stdlib.h>
#include <ucontext.h>

#define CO_MAX		4
#define CO_STACK	(256 * 1024)

static ucontext_t sched_ctx, co_ctx[CO_MAX];
static void (*co_fn[CO_MAX])(int id);
static int co_cur = -1, co_done[CO_MAX], co_n;

static void co_entry(int id)
{
	co_fn[id](id);
	co_done[id] = 1;
	setcontext(&sched_ctx);		/* never returns */
}

/* A new coroutine that will run fn(id); its id, or -1. */
int co_spawn(void (*fn)(int id))
{
	int id = co_n;

	if (id == CO_MAX || getcontext(&co_ctx[id]))
		return -1;
	co_ctx[id].uc_stack.ss_sp = malloc(CO_STACK);
	co_ctx[id].uc_stack.ss_size = CO_STACK;
	co_ctx[id].uc_link = NULL;
	if (!co_ctx[id].uc_stack.ss_sp)
		return -1;
	co_fn[id] = fn;
	makecontext(&co_ctx[id], (void (*)(void))co_entry, 1, id);
	return co_n++;
}

/* From a coroutine: back to whoever resumed it. */
void co_yield(void)
{
	swapcontext(&co_ctx[co_cur], &sched_ctx);
}

/* Run coroutine id until it yields or ends; 1 while it has more to do. */
int co_resume(int id)
{
	if (id < 0 || id >= co_n || co_done[id])
		return 0;
	co_cur = id;
	swapcontext(&sched_ctx, &co_ctx[id]);
	co_cur = -1;
	return !co_done[id];
}

/* Block every signal; the mask before in *old. */
int co_block_signals(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	return sigprocmask(SIG_SETMASK, &all, old);
}
