package io.asynclog.log4j2.appender;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Serializable;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.apache.logging.log4j.core.appender.ConsoleAppender.Target;
import org.apache.logging.log4j.core.appender.ManagerFactory;
import org.apache.logging.log4j.core.appender.OutputStreamManager;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;

/**
 * A console appender that honours {@code immediateFlush}: with {@code false} it flushes when
 * a queue's background thread marks the end of a batch, as Log4j2's file appenders do, so a
 * busy background thread makes one write() per batch instead of one per line.
 * <p>
 * Log4j2 2.25's {@code Console} builds itself with immediateFlush=true whatever its attribute
 * says (apache/logging-log4j2#4262). asynclog's {@code ConfigurationWriter} puts this appender
 * in the place of Spring Boot's packaged {@code Console} and of asynclog's own console appenders
 * where only a queue reaches them and the flush setting is {@code false}; everywhere else
 * Log4j2's own appender stays.
 * <p>
 * Like a {@code Console} with {@code follow="true"} (Spring Boot's), it writes each flushed
 * chunk to whatever {@code System.out} (or {@code System.err}) is at that moment, so that a
 * stream set later with {@code System.setOut}, such as Spring Boot's output capture in tests,
 * still gets the lines. The buffer is Log4j2's usual one ({@code log4j.encoder.byteBufferSize},
 * 8 KiB by default); a line that does not fit in what is left of it reaches the console in two
 * writes, between which another writer to the same stream can land.
 *
 * @author asynclog
 */
@Plugin(name = BatchingConsole.PLUGIN_NAME, category = Core.CATEGORY_NAME,
		elementType = Appender.ELEMENT_TYPE, printObject = true)
public final class BatchingConsole extends AbstractOutputStreamAppender<OutputStreamManager> {

	/** The plugin name under which a configuration's node tree refers to this appender. */
	public static final String PLUGIN_NAME = "AsyncLogConsole";

	private static final ManagerFactory<OutputStreamManager, FactoryData> FACTORY = (name,
			data) -> new ConsoleManager(new FollowingStream(data.target()), name, data.layout());

	private final Target target;

	private BatchingConsole(String name, Layout<? extends Serializable> layout, Filter filter,
			boolean ignoreExceptions, boolean immediateFlush, Property[] properties, OutputStreamManager manager,
			Target target) {
		super(name, layout, filter, ignoreExceptions, immediateFlush, properties, manager);
		this.target = target;
	}

	/**
	 * Returns a builder, for Log4j2's plugin system.
	 * @return a new builder
	 */
	@PluginBuilderFactory
	public static Builder newBuilder() {
		return new Builder();
	}

	/**
	 * Returns the stream this appender writes to.
	 * @return the target
	 */
	public Target getTarget() {
		return this.target;
	}

	/**
	 * Flushes what this appender buffered before it lets go of the manager. Every appender of
	 * the same target shares one manager, as Log4j2's console appenders do, so that their lines
	 * never split each other; only the last to stop closes it, and this appender's lines must
	 * not wait for another's end of batch, which may never come.
	 */
	@Override
	protected boolean stop(long timeout, TimeUnit timeUnit, boolean changeLifeCycleState) {
		getManager().flush();
		return super.stop(timeout, timeUnit, changeLifeCycleState);
	}

	/**
	 * Builds a {@link BatchingConsole}; accepts the attributes and elements of Log4j2's
	 * {@code Console} but {@code follow} (it always follows) and {@code direct}.
	 */
	public static final class Builder extends AbstractOutputStreamAppender.Builder<Builder>
			implements org.apache.logging.log4j.core.util.Builder<BatchingConsole> {

		@PluginBuilderAttribute
		@Required
		private Target target = Target.SYSTEM_OUT;

		/**
		 * Sets the stream to write to.
		 * @param target {@code SYSTEM_OUT} or {@code SYSTEM_ERR}
		 * @return this builder
		 */
		public Builder setTarget(Target target) {
			this.target = target;
			return this;
		}

		@Override
		public BatchingConsole build() {
			if (!isValid()) {
				return null;
			}
			Layout<? extends Serializable> layout = getOrCreateLayout(this.target.getDefaultCharset());
			// Named like Log4j2's own console managers are, but apart from them: a Log4j2 Console
			// flushes every line, this one at the end of a batch.
			OutputStreamManager manager = OutputStreamManager.getManager(PLUGIN_NAME + "." + this.target.name(),
					new FactoryData(this.target, layout), FACTORY);
			return new BatchingConsole(getName(), layout, getFilter(), isIgnoreExceptions(),
					isImmediateFlush(), getPropertyArray(), manager, this.target);
		}

	}

	private record FactoryData(Target target, Layout<? extends Serializable> layout) {
	}

	/**
	 * Log4j2's own output stream manager, with the buffer size its console appender uses; a
	 * subclass only because its constructors are protected.
	 */
	private static final class ConsoleManager extends OutputStreamManager {

		ConsoleManager(OutputStream stream, String name, Layout<?> layout) {
			super(stream, name, layout, true);
		}

	}

	/**
	 * Writes to the current {@code System.out} or {@code System.err}, as Log4j2's console does
	 * with {@code follow="true"}; one static field read per write, no lock of its own (the
	 * print stream has its own). Never closes the stream: it belongs to the JVM.
	 */
	private static final class FollowingStream extends OutputStream {

		private final boolean err;

		FollowingStream(Target target) {
			this.err = target == Target.SYSTEM_ERR;
		}

		private PrintStream current() {
			return this.err ? System.err : System.out;
		}

		@Override
		public void write(int b) {
			current().write(b);
		}

		@Override
		public void write(byte[] bytes, int offset, int length) {
			current().write(bytes, offset, length);
		}

		@Override
		public void flush() {
			current().flush();
		}

		@Override
		public void close() {
			// The manager flushes before it closes; System.out stays open for everyone else.
		}

	}

}
