package io.asynclog.loadtests.shipping.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;

import static io.asynclog.loadtests.shipping.run.ThroughputApp.FIRST;
import static io.asynclog.loadtests.shipping.run.ThroughputApp.TEXT;

/**
 * Delivered: the file ends with the last line (one caller, one ring thread: lines arrive in order).
 *
 * @author asynclog
 */
final class FileDelivery implements Delivery {

	private final Path file;

	FileDelivery(Path file) {
		this.file = file;
	}

	@Override
	public boolean awaitDelivered(long total, Duration patience) throws Exception {
		return Delivery.poll(patience, () -> total <= 0 || endsWithLine(total), () -> false);
	}

	@Override
	public String state() {
		try {
			return "file ends with '" + tail(40).strip() + "'";
		}
		catch (IOException ex) {
			return "file unreadable: " + ex;
		}
	}

	private boolean endsWithLine(long number) throws IOException {
		String line = TEXT + (FIRST + number - 1) + "\n";
		return tail(line.length()).equals(line);
	}

	private String tail(int length) throws IOException {
		if (!Files.exists(this.file)) {
			return "";
		}
		try (RandomAccessFile in = new RandomAccessFile(this.file.toFile(), "r")) {
			long size = in.length();
			if (size < length) {
				return "";
			}
			byte[] bytes = new byte[length];
			in.seek(size - length);
			in.readFully(bytes);
			return new String(bytes, StandardCharsets.UTF_8);
		}
	}

	@Override
	public Check check(long total) throws IOException {
		long size = Files.size(this.file);
		long lines;
		try (Stream<String> all = Files.lines(this.file, StandardCharsets.UTF_8)) {
			lines = all.count();
		}
		boolean endsWithLast = endsWithLine(total);
		return new Check(lines == total && endsWithLast,
				lines + " lines of " + total + ", " + size + " bytes, last line "
						+ (endsWithLast ? "is" : "is not") + " line " + (FIRST + total - 1),
				(lines > 0) ? size / lines : 0);
	}

}
