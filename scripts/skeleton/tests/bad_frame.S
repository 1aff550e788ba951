/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The FP test's victim (docs/02-graph-tracer.md,
 * "HAVE_FUNCTION_GRAPH_FP_TEST"): bad_frame(), a traced function that
 * returns through a different frame than the one it was entered with.
 *
 * EXERCISE(4): write it as arch/arm/tests/bad_frame.S does: call
 * MCOUNT_SYMBOL as gcc would, then change the frame pointer before
 * returning, so that the graph tracer's check at return sees the
 * mismatch.  Proven by tests/stage2/test_graph.sh (tests/progs/graph/
 * fptest.c).
 */
