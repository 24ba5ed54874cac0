package io.asynclog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.logging.Log;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Calls that carry the order in which they were made, and the check that a log shows them
 * in an order a reader can trust.
 * <p>
 * Each call takes a number from one counter just before it logs: {@code seq <n> <thread>
 * <call>}. A line can then be overtaken, that is, be written after a line with a higher
 * number, only by a thread that had taken its number but not yet handed its event on (it
 * waited for room, or was descheduled). Each thread has at most one such call at a time, so
 * when a line is written, at most {@code threads - 1} lower numbers can still be missing.
 * Writing a full ring's caller ahead of the ring (the old 'block') breaks that bound by the
 * ring's size.
 */
public final class CallOrder {

	private static final Pattern LINE = Pattern.compile("seq (\\d+) (\\d+) (\\d+)");

	private final AtomicLong counter = new AtomicLong();

	/**
	 * Makes one numbered call.
	 * @param log the log to call
	 * @param thread the caller's number
	 * @param call the call's number within its thread
	 */
	public void log(Log log, int thread, int call) {
		log.info("seq " + this.counter.incrementAndGet() + " " + thread + " " + call);
	}

	/**
	 * Checks the numbered lines of a log: every call there exactly once, each thread's calls
	 * in the order made, and no line written while more lower numbers were missing than
	 * other threads could hold.
	 * @param lines the log's lines; lines that are not numbered calls are left out
	 * @param threads how many threads made calls
	 * @param callsPerThread how many calls each made
	 * @return the most lower numbers missing when a line was written
	 */
	public static long assertTrustworthyOrder(List<String> lines, int threads, int callsPerThread) {
		return assertTrustworthyOrder(lines, threads, callsPerThread, 0);
	}

	/**
	 * The same check for a log that may have lost up to {@code mostLost} calls: the order of
	 * the calls that are there is held to the same bound, lost calls left out of it.
	 * @param lines the log's lines; lines that are not numbered calls are left out
	 * @param threads how many threads made calls
	 * @param callsPerThread how many calls each made
	 * @param mostLost how many calls may be missing
	 * @return the most lower numbers missing when a line was written
	 */
	public static long assertTrustworthyOrder(List<String> lines, int threads, int callsPerThread, int mostLost) {
		int total = threads * callsPerThread;
		List<long[]> calls = new ArrayList<>(total);
		for (String line : lines) {
			Matcher matcher = LINE.matcher(line);
			if (matcher.find()) {
				calls.add(new long[] { Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)),
						Long.parseLong(matcher.group(3)) });
			}
		}
		assertThat(calls).as("numbered lines").hasSizeBetween(total - mostLost, total);
		// Ranks among the numbers present, so that a lost call is not counted as still missing.
		long[] present = calls.stream().mapToLong((call) -> call[0]).sorted().toArray();
		assertThat(present).as("numbers written twice").doesNotHaveDuplicates();
		long[] lastCall = new long[threads];
		java.util.Arrays.fill(lastCall, -1);
		WrittenNumbers written = new WrittenNumbers(present.length);
		long mostMissing = 0;
		for (int position = 0; position < calls.size(); position++) {
			long[] call = calls.get(position);
			int rank = java.util.Arrays.binarySearch(present, call[0]) + 1;
			int thread = (int) call[1];
			if (mostLost == 0) {
				assertThat(call[2]).as("thread %d's call at line %d follows its call %d", thread, position,
						lastCall[thread])
					.isEqualTo(lastCall[thread] + 1);
			}
			else {
				assertThat(call[2]).as("thread %d's call at line %d comes after its call %d", thread, position,
						lastCall[thread])
					.isGreaterThan(lastCall[thread]);
			}
			lastCall[thread] = call[2];
			written.add(rank);
			long missingBelow = (rank - 1) - written.countBelow(rank);
			mostMissing = Math.max(mostMissing, missingBelow);
			assertThat(missingBelow)
				.as("lower numbers still missing when line %d (seq %d) was written: only threads between their "
						+ "call and the queue can be overtaken, at most one call each", position, call[0])
				.isLessThanOrEqualTo(threads - 1);
		}
		return mostMissing;
	}

	/** The numbers written so far, counted below a number in logarithmic time. */
	private static final class WrittenNumbers {

		private final long[] tree;

		WrittenNumbers(int size) {
			this.tree = new long[size + 1];
		}

		void add(long number) {
			for (int i = (int) number; i < this.tree.length; i += i & -i) {
				this.tree[i]++;
			}
		}

		long countBelow(long number) {
			long count = 0;
			for (int i = (int) number - 1; i > 0; i -= i & -i) {
				count += this.tree[i];
			}
			return count;
		}

	}

}
