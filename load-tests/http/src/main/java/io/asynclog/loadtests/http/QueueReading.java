package io.asynclog.loadtests.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.stream.LongStream;

/**
 * What the app's {@code /actuator/asynclog} endpoint says of its queues: the highest {@code peak}
 * (slots in use during the peak window, 0 without queues), the sum of {@code dropped} and of
 * {@code used} (events held now), and how many queues there are (0 in sync mode).
 *
 * @author asynclog
 */
record QueueReading(long peak, long dropped, int queues, long used) {

	static QueueReading read(AppProcess app, Path copy) throws IOException, InterruptedException {
		String json = app.get("/actuator/asynclog", Duration.ofSeconds(10));
		Files.writeString(copy, json);
		return parse(json);
	}

	static QueueReading parse(String json) {
		long[] peaks = values(json, "peak").toArray();
		return new QueueReading(LongStream.of(peaks).max().orElse(0), values(json, "dropped").sum(), peaks.length,
				values(json, "used").sum());
	}

	private static LongStream values(String json, String field) {
		return Pattern.compile("\"" + field + "\":(\\d+)")
			.matcher(json)
			.results()
			.mapToLong((match) -> Long.parseLong(match.group(1)));
	}

}
