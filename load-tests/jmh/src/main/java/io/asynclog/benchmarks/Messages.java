package io.asynclog.benchmarks;

/**
 * The messages benchmarks log: the HTTP study's 108-byte line and the Log4j2 manual's 500
 * characters.
 */
final class Messages {

	private Messages() {
	}

	/**
	 * The message of the given length.
	 * @param length {@code 108} or {@code 500}
	 * @return a message of exactly that many ASCII characters
	 */
	static String of(String length) {
		int size = Integer.parseInt(length);
		if (size != 108 && size != 500) {
			throw new IllegalArgumentException("Unknown message length '" + length + "'; accepted: 108, 500");
		}
		StringBuilder message = new StringBuilder("request 0000004242 handled for user 42 in the benchmark ");
		while (message.length() < size) {
			message.append((char) ('a' + message.length() % 26));
		}
		return message.substring(0, size);
	}

}
