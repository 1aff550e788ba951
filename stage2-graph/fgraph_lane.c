// SPDX-License-Identifier: GPL-2.0
/*
 * The lane's gate (linux/fgraph_lane.h): one word that says whether the
 * arch's lane may take a call, kept up to date by whoever changes what
 * it stands for.  It calls nothing of theirs but the function the tracer
 * registered, so that the return stack, the options and dynamic ftrace
 * can each call fgraph_lane_update() without depending on the tracer.
 */
#include <linux/fgraph_lane.h>

unsigned long fgraph_lane_gate;
static int (*lane_halves)(void);

/* the lane compares the low 32 bits; the high 32 count the updates */
_Static_assert(sizeof(fgraph_lane_gate) == 8, "fgraph_lane_gate: 64 bits");

void fgraph_lane_register(int (*halves)(void))
{
	__atomic_store_n(&lane_halves, halves, __ATOMIC_RELEASE);
	fgraph_lane_update();
}

/*
 * Writers of the words it stands for may race (a tracefs write, a tracer
 * switch in another thread, a clone that stops the graph) and take no
 * common lock; so each update counts itself in the gate's high half,
 * and stores what it found only if no other update came between its
 * first look at the gate and its store.  An update that looked after
 * another had stored read the words after that one did: the last store
 * always describes the last change.
 */
void fgraph_lane_update(void)
{
	unsigned long old = __atomic_load_n(&fgraph_lane_gate,
					    __ATOMIC_ACQUIRE), new;
	int (*halves)(void);

	do {
		halves = __atomic_load_n(&lane_halves, __ATOMIC_ACQUIRE);
		new = ((old >> 32) + 1) << 32 | (halves ? halves() : 0);
	} while (!__atomic_compare_exchange_n(&fgraph_lane_gate, &old, new,
					      0, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
}
