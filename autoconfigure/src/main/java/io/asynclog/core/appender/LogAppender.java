package io.asynclog.core.appender;

import io.asynclog.core.count.AppenderErrors;

/**
 * One appender of the running configuration, as an operator wants to see it.
 *
 * @param name the appender's name
 * @param type its Log4j2 plugin name, such as {@code RollingRandomAccessFile}
 * @param fileName the file it writes, or {@code null} if it writes no file
 * @param immediateFlush whether it flushes after every event, or {@code null} if it has
 * no such setting
 * @param async whether every event reaches it on a background thread, through a queue
 * @param errors the writes and flushes it failed since the JVM started, as counted by
 * {@link AppenderErrors}
 * @param shipping how far an appender that ships records off the box got, or {@code null}
 * for one that writes locally
 * @author asynclog
 */
public record LogAppender(String name, String type, String fileName, Boolean immediateFlush, boolean async,
		long errors, Shipping shipping) {

	/** An appender's shipping reading, or {@code null} if it does not ship records. */
	public static Shipping shippingOf(Object appender) {
		return (appender instanceof Shipping.Source source) ? source.shipping() : null;
	}

}
