package io.asynclog;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Many logging threads started at once, each making numbered calls. A run that does not
 * finish in time fails with every thread's stack, so that a deadlock shows where it is
 * instead of hanging the build.
 */
public final class Callers {

	private Callers() {
	}

	/**
	 * Runs the calls on platform threads and waits for all of them.
	 * @param threads how many threads
	 * @param callsPerThread how many calls each thread makes
	 * @param timeout how long all the calls may take together
	 * @param call what one call does, given the thread's and the call's number
	 */
	public static void run(int threads, int callsPerThread, Duration timeout, Call call) {
		CountDownLatch start = new CountDownLatch(1);
		CountDownLatch done = new CountDownLatch(threads);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		List<Thread> started = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			int thread = t;
			Thread caller = new Thread(() -> {
				try {
					start.await();
					for (int i = 0; i < callsPerThread; i++) {
						call.make(thread, i);
					}
				}
				catch (Throwable ex) {
					failure.compareAndSet(null, ex);
				}
				finally {
					done.countDown();
				}
			}, "caller-" + t);
			caller.setDaemon(true);
			caller.start();
			started.add(caller);
		}
		start.countDown();
		await(done, timeout, threads + " threads making " + callsPerThread + " calls each");
		if (failure.get() != null) {
			throw new AssertionError("a caller failed", failure.get());
		}
	}

	/**
	 * Waits for a latch, failing with every thread's stack when the time runs out.
	 * @param latch the latch
	 * @param timeout how long to wait
	 * @param what what was waited for, for the message
	 */
	public static void await(CountDownLatch latch, Duration timeout, String what) {
		try {
			if (!latch.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new AssertionError(what + " did not finish within " + timeout + " (" + latch.getCount()
						+ " still running): deadlocked or stalled\n" + threadDump());
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError("interrupted while waiting for " + what, ex);
		}
	}

	private static String threadDump() {
		StringBuilder dump = new StringBuilder();
		for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
			if (info.getThreadName().startsWith("caller-") && dump.length() > 20_000) {
				continue;
			}
			dump.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState());
			if (info.getLockName() != null) {
				dump.append(" on ").append(info.getLockName());
			}
			dump.append('\n');
			for (StackTraceElement frame : info.getStackTrace()) {
				dump.append("\tat ").append(frame).append('\n');
			}
		}
		return dump.toString();
	}

	/**
	 * One numbered call.
	 */
	@FunctionalInterface
	public interface Call {

		void make(int thread, int call) throws Exception;

	}

}
