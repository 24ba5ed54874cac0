package io.asynclog.core.count;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.asynclog.core.count.AppenderErrors.Failures;
import io.asynclog.core.queue.Registration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-appender failure counters: one set of counters per name, the count and the time
 * of the last failure, and a listener told of each appender once. The counters live for
 * the JVM, so each test has names of its own.
 */
class AppenderErrorsTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private final String name = "errors-" + NAMES.incrementAndGet();

	@Test
	void countsEachFailureOfAnAppender() {
		Failures failures = AppenderErrors.forAppender(this.name);
		assertThat(AppenderErrors.forAppender(this.name)).as("one set of counters per name").isSameAs(failures);
		assertThat(AppenderErrors.count(this.name)).as("registered, before any failure").isZero();
		failures.record();
		failures.record();
		AppenderErrors.forAppender(this.name).record();
		assertThat(AppenderErrors.count(this.name)).isEqualTo(3);
		assertThat(AppenderErrors.count(this.name + "-other")).isZero();
	}

	@Test
	void remembersWhenTheLastFailureWas() {
		assertThat(AppenderErrors.lastErrorNanos(this.name)).as("unknown appender").isEqualTo(Long.MIN_VALUE);
		Failures failures = AppenderErrors.forAppender(this.name);
		assertThat(AppenderErrors.lastErrorNanos(this.name)).as("never failed").isEqualTo(Long.MIN_VALUE);
		long before = System.nanoTime();
		failures.record();
		long after = System.nanoTime();
		assertThat(AppenderErrors.lastErrorNanos(this.name)).isBetween(before, after);
	}

	@Test
	void listsTheAppendersCountedFromTheirFirstCounter() {
		assertThat(AppenderErrors.appenders()).doesNotContain(this.name);
		AppenderErrors.forAppender(this.name);
		assertThat(AppenderErrors.appenders()).contains(this.name);
	}

	@Test
	void aListenerHearsOfTheAppendersKnownAndOfEachNewOneOnce() {
		AppenderErrors.forAppender(this.name);
		List<String> heard = new ArrayList<>();
		Registration registration = AppenderErrors.onEveryAppender(heard::add);
		assertThat(heard).contains(this.name);
		heard.clear();
		AppenderErrors.forAppender(this.name).record();
		AppenderErrors.forAppender(this.name + "-new");
		AppenderErrors.forAppender(this.name + "-new").record();
		assertThat(heard).containsExactly(this.name + "-new");
		registration.close();
		AppenderErrors.forAppender(this.name + "-later");
		assertThat(heard).as("nothing after closing").containsExactly(this.name + "-new");
	}

}
