package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.asynclog.core.queue.ShutdownDeadline;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A remote appender's shipping wired together: events become records on the appending
 * thread, or, with a snapshot, on the format stage's thread from a copy taken at the add;
 * the client's own loggers are not shipped; the stop hands on what waits to be formatted,
 * then stops the lane, which sends what it can and keeps the rest. The events are
 * {@link StringBuilder}s, which an appender could change after the add.
 */
@Timeout(value = 1, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ShipmentTests {

	private static final UnaryOperator<StringBuilder> SNAPSHOT = StringBuilder::new;

	@TempDir
	Path dir;

	private final List<String> formattedOn = Collections.synchronizedList(new ArrayList<>());

	@Test
	void withoutASnapshotEventsBecomeRecordsOnTheAppendingThreadAndLeaveInOrder() {
		MemorySender sender = new MemorySender("shipment-direct");
		Shipment<StringBuilder> shipment = shipment(sender, null, null);
		shipment.start();
		for (int i = 0; i < 100; i++) {
			shipment.add("com.example.app", new StringBuilder("event " + i));
		}
		Lane.StopReport stopped = shipment.stop();
		assertThat(sender.delivered()).isEqualTo(numbered("event ", 100));
		assertThat(this.formattedOn).containsOnly(Thread.currentThread().getName());
		assertThat(stopped).isEqualTo(new Lane.StopReport("shipment-direct", "memory (test)", 0, null, 0, null, false));
	}

	@Test
	void withASnapshotEventsAreCopiedAtTheAddAndFormattedOnTheStagesThread() {
		MemorySender sender = new MemorySender("shipment-staged");
		Shipment<StringBuilder> shipment = shipment(sender, null, SNAPSHOT);
		shipment.start();
		for (int i = 0; i < 100; i++) {
			StringBuilder event = new StringBuilder("event " + i);
			shipment.add("com.example.app", event);
			// The appender reuses its event once add returns.
			event.setLength(0);
			event.append("changed");
		}
		shipment.stop();
		assertThat(sender.delivered()).isEqualTo(numbered("event ", 100));
		assertThat(this.formattedOn).containsOnly("asynclog-format-shipment-staged");
	}

	@Test
	void eventsOfTheClientsOwnLoggersAreNotShipped() {
		MemorySender sender = new MemorySender("shipment-client-loggers");
		Shipment<StringBuilder> shipment = shipment(sender, null, null);
		shipment.start();
		shipment.add("com.example.client.Network", new StringBuilder("from the client"));
		shipment.add(null, new StringBuilder("no logger"));
		shipment.add("com.example.app", new StringBuilder("from the app"));
		shipment.stop();
		assertThat(sender.delivered()).containsExactly("no logger", "from the app");
	}

	/**
	 * Stopped without a start, as an appender that never ran: what waits to be formatted
	 * still reaches the lane, and goes to the spool, where the next start sends it first.
	 */
	@Test
	void aStopWithoutAStartKeepsWhatWaitsForTheNextStart() {
		Path spool = this.dir.resolve("spool");
		MemorySender never = new MemorySender("shipment-never-started");
		Shipment<StringBuilder> first = shipment(never, spool, SNAPSHOT);
		for (int i = 0; i < 3; i++) {
			first.add("com.example.app", new StringBuilder("kept " + i));
		}
		Lane.StopReport stopped = first.stop();
		assertThat(never.delivered()).isEmpty();
		assertThat(stopped.kept()).isEqualTo(3);
		assertThat(stopped.lost()).isZero();
		assertThat(stopped.directory()).isEqualTo(spool);

		MemorySender sender = new MemorySender("shipment-never-started");
		Shipment<StringBuilder> next = shipment(sender, spool, SNAPSHOT);
		next.start();
		next.add("com.example.app", new StringBuilder("new"));
		assertThat(next.stop().kept()).isZero();
		assertThat(sender.delivered()).containsExactly("kept 0", "kept 1", "kept 2", "new");
	}

	@Test
	void withoutASpoolAStopWithoutAStartSaysWhatWasLost() {
		Shipment<StringBuilder> shipment = shipment(new MemorySender("shipment-lost"), null, null);
		shipment.add("com.example.app", new StringBuilder("lost"));
		shipment.add("com.example.app", new StringBuilder("lost too"));
		assertThat(shipment.stop().lost()).isEqualTo(2);
	}

	@Test
	void theRemoteLaneNamesTheAppenderItsLaneAndItsSender() {
		MemorySender sender = new MemorySender("shipment-remote-lane");
		Shipment<StringBuilder> shipment = shipment(sender, null, null);
		RemoteLane remoteLane = shipment.remoteLane();
		assertThat(remoteLane.appender()).isEqualTo("shipment-remote-lane");
		assertThat(remoteLane.sender()).isSameAs(sender);
		assertThat(remoteLane.reading().lane().capacity()).isEqualTo(1024);
		shipment.stop();
	}

	private Shipment<StringBuilder> shipment(MemorySender sender, Path spool, UnaryOperator<StringBuilder> snapshot) {
		Lane.Settings settings = new Lane.Settings(1024, 1024 * 1024, spool, 64L * 1024 * 1024);
		return new Shipment<>(sender, settings, new ShutdownDeadline(Duration.ofSeconds(20)), (lane, event) -> {
			this.formattedOn.add(Thread.currentThread().getName());
			lane.add(null, event.toString().getBytes(StandardCharsets.UTF_8));
		}, snapshot);
	}

	private static List<String> numbered(String prefix, int count) {
		return IntStream.range(0, count).mapToObj((i) -> prefix + i).toList();
	}

}
