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
 * A console appender that honours {@code immediateFlush}: with {@code false} it flushes at the
 * end of a queue's batch, as Log4j2's file appenders do, so a busy background thread makes one
 * write() per batch. Log4j2 2.25's {@code Console} always flushes every line
 * (apache/logging-log4j2#4262).
 * <p>
 * Like a {@code Console} with {@code follow="true"}, it writes to whatever {@code System.out}
 * is at that moment, so Spring Boot's output capture still gets the lines. A line that does
 * not fit in what is left of Log4j2's 8 KiB buffer reaches the console in two writes, between
 * which another writer to the same stream can land.
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

	@PluginBuilderFactory
	public static Builder newBuilder() {
		return new Builder();
	}

	public Target getTarget() {
		return this.target;
	}

	/**
	 * Flushes before letting go of the manager, which every appender of the same target shares
	 * so that their lines never split each other: another's end of batch may never come.
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

	/** Log4j2's own manager, a subclass only because its constructors are protected. */
	private static final class ConsoleManager extends OutputStreamManager {

		ConsoleManager(OutputStream stream, String name, Layout<?> layout) {
			super(stream, name, layout, true);
		}

	}

	/** Writes to the current {@code System.out} or {@code System.err}; never closes it. */
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
