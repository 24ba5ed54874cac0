package io.asynclog.benchmarks;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One benchmark thread's count of log calls: a plain field on the thread's own state, so counting
 * costs the measured loop one increment and no sharing. A trial sums them to check that every
 * call reached the sink.
 */
@State(Scope.Thread)
public class Calls {

	// Every JMH fork runs one trial, so the states of this JVM are the states of this trial.
	private static final Queue<Calls> ALL = new ConcurrentLinkedQueue<>();

	public long count;

	@Setup(Level.Trial)
	public void register() {
		ALL.add(this);
	}

	/** The calls made so far by every thread of this trial; read between iterations, when none calls. */
	public static long total() {
		return ALL.stream().mapToLong((calls) -> calls.count).sum();
	}

}
