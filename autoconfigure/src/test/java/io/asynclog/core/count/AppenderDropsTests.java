package io.asynclog.core.count;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.asynclog.core.count.AppenderDrops.Reason;
import io.asynclog.core.queue.Registration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The per-appender drop counters: counted per reason, read as zero before the first drop,
 * a local appender's reasons and a remote one's, and a listener told of each appender
 * once it first drops. The counters live for the JVM, so each test has names of its own.
 */
class AppenderDropsTests {

	private static final AtomicInteger NAMES = new AtomicInteger();

	private final String name = "drops-" + NAMES.incrementAndGet();

	@Test
	void countsPerAppenderAndReason() {
		AppenderDrops.record(this.name, Reason.RECURSIVE_CALL);
		AppenderDrops.record(this.name, Reason.RECURSIVE_CALL);
		AppenderDrops.record(this.name, Reason.APPENDER_STOPPED);
		assertThat(AppenderDrops.count(this.name, Reason.RECURSIVE_CALL)).isEqualTo(2);
		assertThat(AppenderDrops.count(this.name, Reason.APPENDER_STOPPED)).isEqualTo(1);
		assertThat(AppenderDrops.count(this.name, Reason.LANE_FULL)).isZero();
		assertThat(AppenderDrops.count(this.name + "-other", Reason.RECURSIVE_CALL)).as("another appender").isZero();
		assertThat(AppenderDrops.appenders()).contains(this.name).doesNotContain(this.name + "-other");
	}

	@Test
	void aLocalAppenderDropsForTheLocalReasonsOnly() {
		assertThat(AppenderDrops.reasonsOf(this.name)).containsExactly(Reason.RECURSIVE_CALL, Reason.APPENDER_STOPPED);
		AppenderDrops.record(this.name, Reason.APPENDER_STOPPED);
		assertThat(AppenderDrops.byReason(this.name)).containsExactly(entry("recursive-call", 0),
				entry("appender-stopped", 1));
	}

	@Test
	void aRemoteAppenderDropsForTheLanesReasonsToo() {
		AppenderDrops.remote(this.name);
		assertThat(AppenderDrops.reasonsOf(this.name)).containsExactly(Reason.values());
		AppenderDrops.record(this.name, Reason.SPOOL_FULL);
		AppenderDrops.record(this.name, Reason.SPOOL_TORN);
		AppenderDrops.record(this.name, Reason.SPOOL_TORN);
		assertThat(AppenderDrops.byReason(this.name)).containsExactly(entry("recursive-call", 0),
				entry("appender-stopped", 0), entry("lane-full", 0), entry("spool-full", 1), entry("spool-torn", 2));
		assertThat(AppenderDrops.appenders()).as("marking remote counts nothing").contains(this.name);
	}

	@Test
	void anAppenderThatNeverDroppedReadsZeroAndIsNotListed() {
		assertThat(AppenderDrops.byReason(this.name)).containsExactly(entry("recursive-call", 0),
				entry("appender-stopped", 0));
		assertThat(AppenderDrops.appenders()).doesNotContain(this.name);
	}

	@Test
	void aListenerHearsOfTheAppendersKnownAndOfEachNewOneOnce() {
		AppenderDrops.record(this.name, Reason.RECURSIVE_CALL);
		List<String> heard = new ArrayList<>();
		Registration registration = AppenderDrops.onEveryAppender(heard::add);
		assertThat(heard).contains(this.name);
		heard.clear();
		AppenderDrops.record(this.name, Reason.APPENDER_STOPPED);
		AppenderDrops.record(this.name + "-new", Reason.RECURSIVE_CALL);
		AppenderDrops.record(this.name + "-new", Reason.RECURSIVE_CALL);
		assertThat(heard).as("told of the new appender at its first drop only").containsExactly(this.name + "-new");
		registration.close();
		AppenderDrops.record(this.name + "-later", Reason.RECURSIVE_CALL);
		assertThat(heard).as("nothing after closing").containsExactly(this.name + "-new");
	}

	@Test
	void reasonsAreTaggedInKebabCase() {
		assertThat(Reason.values()).extracting(Reason::tag)
			.containsExactly("recursive-call", "appender-stopped", "lane-full", "spool-full", "spool-torn");
	}

	private static java.util.Map.Entry<String, Long> entry(String reason, long count) {
		return java.util.Map.entry(reason, count);
	}

}
