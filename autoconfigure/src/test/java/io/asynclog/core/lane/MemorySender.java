package io.asynclog.core.lane;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A sender without a client, for the lane's tests: its destination takes every record it is
 * offered and acknowledges it at once, and it keeps the records as text. A test may also call
 * what a client's answers would ({@code handedOver()}, {@code acknowledged(...)}), as the
 * sender's own package can.
 */
class MemorySender extends Sender {

	private final List<String> delivered = Collections.synchronizedList(new ArrayList<>());

	MemorySender(String appenderName) {
		super(appenderName);
	}

	@Override
	public Offer offer(LaneRecord record, Outcome outcome) {
		handedOver();
		this.delivered.add(new String(record.value(), StandardCharsets.UTF_8));
		acknowledged(outcome);
		answered();
		return Offer.ACCEPTED;
	}

	@Override
	public void close(Duration timeout) {
	}

	@Override
	protected String system() {
		return "memory";
	}

	@Override
	protected String destinationName() {
		return "test";
	}

	@Override
	public String clientLoggers() {
		return "com.example.client.";
	}

	List<String> delivered() {
		synchronized (this.delivered) {
			return List.copyOf(this.delivered);
		}
	}

}
