package io.asynclog.log4j2.queue;

import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

import io.asynclog.core.queue.DeliveryLag;
import io.asynclog.log4j2.appender.ShutdownCutoff;

/**
 * A queue's delivery-lag probe, an appender that writes nothing: placed where the queue's
 * background thread hands each event to the appenders (one per path, so each event is met
 * once), it measures the time since the log call, the event's own timestamp: the producer pays
 * nothing. Both ends are wall-clock readings, so a negative lag is recorded as zero.
 * <p>
 * Meeting every event once, it also counts the events cut off at shutdown once the
 * {@link ShutdownCutoff} is engaged.
 * <p>
 * It measures one event in {@value #SAMPLE_EVERY}: measuring every one slowed the callers'
 * hand-off by about a fifth on two cores (docs/results/jmh.md, "Two shared cores"). Events
 * leave in order, so the lag moves little between events and a sample shows it well.
 *
 * @author asynclog
 */
@Plugin(name = QueueProbe.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class QueueProbe extends AbstractAppender {

	/** The plugin name under which a configuration's node tree refers to a probe. */
	public static final String PLUGIN_NAME = "AsyncLogDeliveryLag";

	/** Prefix of the probes' appender names, which are left out of appender listings. */
	public static final String NAME_PREFIX = "asynclog-delivery-lag-";

	/** One event in this many is measured: a power of two, so that choosing costs a mask. */
	public static final int SAMPLE_EVERY = DeliveryLag.SAMPLE_EVERY;

	private final String queue;

	private final DeliveryLag.Sinks sinks;

	private final boolean measures;

	private final ShutdownCutoff cutoff;

	private final LongAdder cutOff;

	// Only the queue's background thread appends here; a rare race (the queue-full policy
	// running this path on a logging thread) can only shift which event is sampled.
	private int seen;

	private QueueProbe(String name, String queue, boolean measure, ShutdownCutoff cutoff) {
		super(name, null, null, true, Property.EMPTY_ARRAY);
		this.queue = queue;
		this.measures = measure;
		this.sinks = measure ? DeliveryLag.forQueue(queue) : new DeliveryLag.Sinks();
		this.cutoff = cutoff;
		this.cutOff = cutoff.counter(queue);
	}

	@PluginFactory
	public static QueueProbe create(@PluginAttribute("name") String name,
			@PluginAttribute("queue") String queue,
			@PluginAttribute(value = "measure", defaultBoolean = true) boolean measure,
			@PluginConfiguration Configuration configuration) {
		return new QueueProbe(name, queue, measure, ShutdownCutoff.of(configuration));
	}

	public String queue() {
		return this.queue;
	}

	/** False when it only counts what is cut off (delivery lag off or Micrometer absent). */
	public boolean measures() {
		return this.measures;
	}

	@Override
	public void append(LogEvent event) {
		if (this.cutoff.isEngaged()) {
			this.cutOff.increment();
			return;
		}
		if ((++this.seen & (SAMPLE_EVERY - 1)) != 0 || this.sinks.isEmpty()) {
			return;
		}
		Instant now = Instant.now();
		org.apache.logging.log4j.core.time.Instant logged = event.getInstant();
		long lag = (now.getEpochSecond() - logged.getEpochSecond()) * 1_000_000_000L
				+ (now.getNano() - logged.getNanoOfSecond());
		this.sinks.record(Math.max(0, lag));
	}

}
