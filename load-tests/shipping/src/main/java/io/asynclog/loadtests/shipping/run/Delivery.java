package io.asynclog.loadtests.shipping.run;

import java.time.Duration;
import java.util.concurrent.Callable;

import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Sender;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.APPENDER;

/**
 * How the run learns that its lines were delivered, and checks the sink afterwards.
 *
 * @author asynclog
 */
interface Delivery {

	boolean awaitDelivered(long total, Duration patience) throws Exception;

	Check check(long total) throws Exception;

	String state();

	/** Polls every 0.2 ms until {@code done}; false at once when {@code hopeless}, or after {@code patience}. */
	static boolean poll(Duration patience, Callable<Boolean> done, Callable<Boolean> hopeless) throws Exception {
		long deadline = System.nanoTime() + patience.toNanos();
		while (!done.call()) {
			if (hopeless.call() || System.nanoTime() > deadline) {
				return false;
			}
			Thread.sleep(0, 200_000);
		}
		return true;
	}

	/** Whether the appender left any record unsent (dropped), for whatever reason. */
	static boolean notSent() {
		return AppenderDrops.byReason(APPENDER).values().stream().anyMatch((count) -> count > 0);
	}

	static String senderState(Sender sender) {
		return "sent " + sender.sent() + ", acknowledged " + sender.acknowledged() + ", failed " + sender.failed()
				+ ", not sent " + AppenderDrops.byReason(APPENDER);
	}

	record Check(boolean passed, String detail, long recordBytes) {
	}

}
