package io.asynclog.core.config;


import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.LogLevel;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;

/**
 * Configuration properties for asynchronous logging on Logback or Log4j2, whichever Spring
 * Boot uses, bound from {@code asynclog.*}.
 * <p>
 * Log levels stay with Spring Boot's {@code logging.level.*}.
 *
 * @author asynclog
 */
@ConfigurationProperties(AsyncLogProperties.PREFIX)
public class AsyncLogProperties {

	/** Prefix of every asynclog property. */
	public static final String PREFIX = "asynclog";

	/** The fewest slots of the async-logger ring, on either backend. */
	public static final int MIN_RING_BUFFER_SIZE = 128;

	/**
	 * Whether asynclog sets up the logging backend Spring Boot uses, Logback or Log4j2. When
	 * false, asynclog neither checks asynclog.* nor changes the logging configuration.
	 */
	private boolean enabled = true;

	/**
	 * How log events travel from the logging thread to the appenders. 'all-async' is Log4j2
	 * only and needs Log4j2's context selector set before the JVM logs anything.
	 */
	private Mode mode = Mode.ASYNC_LOGGER;

	/**
	 * Whether a Spring test context (@SpringBootTest, a test slice) keeps the configured
	 * mode. By default it runs 'sync' with immediate flush, so that a test sees a line in the
	 * captured output, a file or a list appender as soon as the call that logged it returns.
	 * The annotation @AutoConfigureAsyncLogging on a test class sets it to true.
	 */
	private boolean asyncInTests = false;

	/**
	 * Slots of the async-logger ring buffer. Rounded up to a power of two; at least 128. A
	 * full ring holds its events until the background thread writes them, so its size
	 * bounds how late a line can reach the appenders. Default: 16384 on Log4j2, whose ring
	 * reuses its slots; 4096 on Logback, where each queued line is an object that young
	 * collections copy while it waits.
	 */
	private Integer ringBufferSize;

	/**
	 * How a ring's background thread waits for new events.
	 */
	private WaitStrategy waitStrategy = WaitStrategy.TIMEOUT;

	/**
	 * How long the background thread blocks before it checks again, for the 'timeout'
	 * wait strategy. Whole milliseconds, at least 1ms.
	 */
	private Duration waitTimeout = Duration.ofMillis(10);

	/**
	 * Whether to capture the caller's class, method and line before the hand-off, so that
	 * the pattern's caller conversions (%C %M %L, and Log4j2's %l) show the caller. Walks
	 * the stack on every log call.
	 */
	private boolean includeLocation = false;

	/**
	 * Whether appenders flush after every event: asynclog's own, and Spring Boot's console
	 * and file wherever only a queue reaches them. With false, an appender behind a queue
	 * flushes at the end of each batch; with mode 'sync', set true.
	 */
	private boolean immediateFlush = false;

	/**
	 * What a logging thread does when the queue is full: 'block' waits for a free slot
	 * (nothing is lost), 'discard' drops events at or below the discard threshold.
	 */
	private QueueFullPolicy queueFullPolicy = QueueFullPolicy.BLOCK;

	/**
	 * With the 'discard' policy, events at this level or less severe are dropped when the
	 * queue is full; more severe events wait for a free slot.
	 */
	private LogLevel discardThreshold = LogLevel.INFO;

	/**
	 * Settings of the per-appender queues of 'async-appender' mode.
	 */
	private final AsyncAppender asyncAppender = new AsyncAppender();

	/**
	 * One deadline for every queue to hand its events to the appenders when logging stops;
	 * what is still queued then is counted and reported, not written.
	 */
	private Duration shutdownTimeout = Duration.ofSeconds(10);

	/**
	 * What start-up does when a file appender cannot open its file (a directory that cannot
	 * be created, a read-only directory, a path that is not a regular file, a full disk):
	 * 'fail' stops start-up with a failure analysis; 'warn' starts anyway, with the health
	 * DOWN and every event meant for that appender counted as one of its errors. Spring
	 * Boot's own logging.file.name always stops start-up.
	 */
	private AppenderStartFailure appenderStartFailure = AppenderStartFailure.FAIL;

	/**
	 * Settings of the queue meters.
	 */
	private final Metrics metrics = new Metrics();

	/**
	 * Settings of the 'asynclog' health indicator.
	 */
	private final Health health = new Health();

	/**
	 * Appenders built by asynclog, by name. The root logger writes to every one of them that
	 * no logger claims in 'asynclog.loggers.[name].appenders', besides its configured
	 * appenders (Spring Boot's console and file); 'asynclog.loggers.root.appenders' sets the
	 * root's appenders exactly.
	 */
	private final Map<String, Appender> appenders = new LinkedHashMap<>();

	/**
	 * Per-logger overrides, by logger name. Use brackets for names with dots:
	 * asynclog.loggers[com.example.audit].mode=sync. The name 'root' is the root logger.
	 */
	private final Map<String, Logger> loggers = new LinkedHashMap<>();

	/** Binds {@code asynclog.*} from the environment, before any bean exists; defaults where nothing is set. */
	public static AsyncLogProperties bind(Environment environment) {
		AsyncLogProperties properties = Binder.get(environment)
			.bind(PREFIX, AsyncLogProperties.class)
			.orElseGet(AsyncLogProperties::new);
		OpenTelemetryDefaults defaults = null;
		for (Appender appender : properties.getAppenders().values()) {
			if (appender.getType() == AppenderType.OTLP) {
				defaults = (defaults != null) ? defaults : new OpenTelemetryDefaults(environment);
				defaults.applyTo(appender);
			}
		}
		return properties;
	}

	/** An enum constant as it is written in properties, such as 'async-logger'. */
	public static String kebabCase(Enum<?> value) {
		return value.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
	}

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Mode getMode() {
		return this.mode;
	}

	public void setMode(Mode mode) {
		this.mode = mode;
	}

	public Integer getRingBufferSize() {
		return this.ringBufferSize;
	}

	public void setRingBufferSize(Integer ringBufferSize) {
		this.ringBufferSize = ringBufferSize;
	}

	/** The ring's slots: the configured ones, or the backend's default. */
	public int ringBufferSize(int backendDefault) {
		return (this.ringBufferSize != null) ? this.ringBufferSize : backendDefault;
	}

	public WaitStrategy getWaitStrategy() {
		return this.waitStrategy;
	}

	public void setWaitStrategy(WaitStrategy waitStrategy) {
		this.waitStrategy = waitStrategy;
	}

	public Duration getWaitTimeout() {
		return this.waitTimeout;
	}

	public void setWaitTimeout(Duration waitTimeout) {
		this.waitTimeout = waitTimeout;
	}

	public boolean isAsyncInTests() {
		return this.asyncInTests;
	}

	public void setAsyncInTests(boolean asyncInTests) {
		this.asyncInTests = asyncInTests;
	}

	public boolean isIncludeLocation() {
		return this.includeLocation;
	}

	public void setIncludeLocation(boolean includeLocation) {
		this.includeLocation = includeLocation;
	}

	public boolean isImmediateFlush() {
		return this.immediateFlush;
	}

	public void setImmediateFlush(boolean immediateFlush) {
		this.immediateFlush = immediateFlush;
	}

	public QueueFullPolicy getQueueFullPolicy() {
		return this.queueFullPolicy;
	}

	public void setQueueFullPolicy(QueueFullPolicy queueFullPolicy) {
		this.queueFullPolicy = queueFullPolicy;
	}

	public LogLevel getDiscardThreshold() {
		return this.discardThreshold;
	}

	public void setDiscardThreshold(LogLevel discardThreshold) {
		this.discardThreshold = discardThreshold;
	}

	public AsyncAppender getAsyncAppender() {
		return this.asyncAppender;
	}

	public Duration getShutdownTimeout() {
		return this.shutdownTimeout;
	}

	public void setShutdownTimeout(Duration shutdownTimeout) {
		this.shutdownTimeout = shutdownTimeout;
	}

	public AppenderStartFailure getAppenderStartFailure() {
		return this.appenderStartFailure;
	}

	public void setAppenderStartFailure(AppenderStartFailure appenderStartFailure) {
		this.appenderStartFailure = appenderStartFailure;
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public Health getHealth() {
		return this.health;
	}

	public Map<String, Appender> getAppenders() {
		return this.appenders;
	}

	public Map<String, Logger> getLoggers() {
		return this.loggers;
	}

	/**
	 * Returns the appenders that no logger other than the root names under
	 * {@code loggers.<logger>.appenders}: those the root logger writes to besides its configured
	 * appenders, unless {@code loggers.root.appenders} names its own. Both backends route so.
	 * @return the appender names, in declaration order
	 */
	public List<String> appendersNoLoggerClaims() {
		Set<String> claimed = new HashSet<>();
		this.loggers.forEach((name, overrides) -> {
			if (!"root".equalsIgnoreCase(name) && overrides.getAppenders() != null) {
				claimed.addAll(overrides.getAppenders());
			}
		});
		List<String> unclaimed = new ArrayList<>(this.appenders.keySet());
		unclaimed.removeAll(claimed);
		return unclaimed;
	}

	/** How log events travel from the logging thread to the appenders. */
	public enum Mode {

		/** Plain synchronous loggers: the logging thread writes. */
		SYNC,

		/**
		 * Synchronous loggers; every appender gets a queue and a thread of its own (a Log4j2
		 * AsyncAppender, or an asynclog ring on Logback).
		 */
		ASYNC_APPENDER,

		/**
		 * Every logger is an async logger: one Disruptor ring buffer and one background
		 * thread for all appenders.
		 */
		ASYNC_LOGGER,

		/**
		 * Log4j2 only: Log4j2's AsyncLoggerContextSelector makes every logger asynchronous.
		 * Must be chosen before the JVM logs anything. Refused on Logback.
		 */
		ALL_ASYNC

	}

	/** How the background thread waits for events. */
	public enum WaitStrategy {

		/** Blocks on a lock, waking up at least every wait-timeout. Low idle CPU. */
		TIMEOUT("Timeout"),

		/** Blocks on a lock and condition. Lowest idle CPU, for constrained hosts. */
		BLOCK("Block"),

		/** Spins, yields, then parks briefly. Low latency, little impact on logging threads. */
		SLEEP("Sleep"),

		/** Spins then yields. Uses more CPU while idle. */
		YIELD("Yield"),

		/** Spins without pause: keeps a core busy. Only for dedicated cores. */
		BUSY_SPIN("BusySpin");

		private final String log4jName;

		WaitStrategy(String log4jName) {
			this.log4jName = log4jName;
		}

		/** The name Log4j2 uses for this strategy. */
		public String log4jName() {
			return this.log4jName;
		}

	}

	/** What a logging thread does when the queue is full. */
	public enum QueueFullPolicy {

		/** Wait for a free slot: nothing is lost. */
		BLOCK,

		/** Drop events at or below the discard threshold; count every drop. */
		DISCARD

	}

	/** What start-up does when an appender cannot open its file. */
	public enum AppenderStartFailure {

		/**
		 * Stop start-up with a failure analysis naming the property, the path and the
		 * reason.
		 */
		FAIL,

		/**
		 * Start anyway: the health is DOWN with the reason, and every event meant for the
		 * appender is counted as one of its errors.
		 */
		WARN

	}

	/** What the health reports for troubles of log delivery alone. */
	public enum PipelineStatus {

		/**
		 * DEGRADED, with the reasons: HTTP 200 unless
		 * management.endpoint.health.status.http-mapping.degraded says otherwise.
		 */
		DEGRADED,

		/** DOWN, with the reasons: HTTP 503. */
		DOWN

	}

	/** Kinds of appender asynclog can build. */
	public enum AppenderType {

		/** Standard output. */
		CONSOLE,

		/**
		 * One regular file, written by Log4j2's RandomAccessFile appender or Logback's
		 * FileAppender.
		 */
		FILE,

		/**
		 * A regular file rolled by size, written by Log4j2's RollingRandomAccessFile appender
		 * or Logback's RollingFileAppender.
		 */
		ROLLING_FILE,

		/**
		 * Records on a Kafka topic, sent by a KafkaProducer. Needs kafka-clients on the
		 * class path.
		 */
		KAFKA,

		/**
		 * OTLP log records, sent to an OpenTelemetry Collector (or a vendor's endpoint) by
		 * OpenTelemetry's exporter. Needs io.opentelemetry:opentelemetry-exporter-otlp on the
		 * class path.
		 */
		OTLP

	}

	/** How an otlp appender reaches its endpoint. */
	public enum Transport {

		/** OTLP/HTTP with protobuf bodies. */
		HTTP,

		/** OTLP/gRPC. */
		GRPC

	}

	/** Whether one logger hands its events off or writes them itself. */
	public enum LoggerMode {

		/** The logging thread writes to this logger's appenders. */
		SYNC,

		/** This logger is an async logger. */
		ASYNC

	}

	/** Settings of the per-appender queues of 'async-appender' mode. */
	public static class AsyncAppender {

		/**
		 * Slots of each appender's queue in 'async-appender' mode; rounded up to a power of
		 * two on Logback.
		 */
		private int bufferSize = 1024;

		public int getBufferSize() {
			return this.bufferSize;
		}

		public void setBufferSize(int bufferSize) {
			this.bufferSize = bufferSize;
		}

	}

	/** Settings of the queue meters. */
	public static class Metrics {

		/**
		 * How far back 'asynclog.queue.peak' remembers the most slots in use. Queues are
		 * sampled every 100 ms.
		 */
		private Duration peakWindow = Duration.ofMinutes(1);

		/**
		 * Whether to measure 'asynclog.delivery.lag'. Costs the background thread one clock
		 * read and one timer update per event; false places no probe at all.
		 */
		private boolean deliveryLag = true;

		public boolean isDeliveryLag() {
			return this.deliveryLag;
		}

		public void setDeliveryLag(boolean deliveryLag) {
			this.deliveryLag = deliveryLag;
		}

		public Duration getPeakWindow() {
			return this.peakWindow;
		}

		public void setPeakWindow(Duration peakWindow) {
			this.peakWindow = peakWindow;
		}

	}

	/** Settings of the 'asynclog' health indicator. */
	public static class Health {

		/**
		 * Fill of a queue, from 0 to 1, above which the health turns DOWN once it has lasted
		 * 'fill-duration'.
		 */
		private double fillThreshold = 0.9;

		/**
		 * How long a queue must stay above 'fill-threshold' before the health turns DOWN.
		 */
		private Duration fillDuration = Duration.ofSeconds(10);

		/**
		 * How long a queue's dropped event or an appender's failed write stays a reason of the
		 * health (status per 'pipeline-status'). 0 keeps drops and write failures out of the
		 * health.
		 */
		private Duration dropWindow = Duration.ofMinutes(1);

		/**
		 * How long records may wait for the broker of a shipping (kafka) appender with none
		 * acknowledged before they are a reason of the health (status per 'pipeline-status').
		 * 0 keeps waiting records out of the health.
		 */
		private Duration shippingStall = Duration.ofSeconds(10);

		/**
		 * Status the health reports while its only reasons are troubles of log delivery:
		 * records waiting for a shipping appender's broker ('shipping-stall'), a queue that
		 * dropped events or an appender that failed to write (within 'drop-window'). The
		 * application itself still serves then. 'degraded' reports DEGRADED, which
		 * /actuator/health answers with HTTP 200, so that a log pipeline outage does not take
		 * every instance out of the load balancer; 'down' reports DOWN, answered with 503. A
		 * queue above 'fill-threshold' and an appender that could not open its file are DOWN
		 * either way.
		 */
		private PipelineStatus pipelineStatus = PipelineStatus.DEGRADED;

		public double getFillThreshold() {
			return this.fillThreshold;
		}

		public void setFillThreshold(double fillThreshold) {
			this.fillThreshold = fillThreshold;
		}

		public Duration getFillDuration() {
			return this.fillDuration;
		}

		public void setFillDuration(Duration fillDuration) {
			this.fillDuration = fillDuration;
		}

		public Duration getDropWindow() {
			return this.dropWindow;
		}

		public void setDropWindow(Duration dropWindow) {
			this.dropWindow = dropWindow;
		}

		public Duration getShippingStall() {
			return this.shippingStall;
		}

		public void setShippingStall(Duration shippingStall) {
			this.shippingStall = shippingStall;
		}

		public PipelineStatus getPipelineStatus() {
			return this.pipelineStatus;
		}

		public void setPipelineStatus(PipelineStatus pipelineStatus) {
			this.pipelineStatus = pipelineStatus;
		}

	}

	/** One appender built by asynclog. */
	public static class Appender {

		/**
		 * Kind of appender. File kinds use Log4j2's RandomAccessFile and
		 * RollingRandomAccessFile appenders, or Logback's FileAppender and
		 * RollingFileAppender.
		 */
		private AppenderType type;

		/**
		 * Path of the log file. Required for 'file' and 'rolling-file'.
		 */
		private String fileName;

		/**
		 * Names of rolled files, for 'rolling-file'. Defaults to the file name followed by
		 * '.%d{yyyy-MM-dd}.%i.gz'. On Logback it must hold %i, and a %d{...} makes the file
		 * roll by date as well.
		 */
		private String filePattern;

		/**
		 * Size at which a 'rolling-file' appender rolls the file.
		 */
		private DataSize maxFileSize = DataSize.ofMegabytes(10);

		/**
		 * Rolled files kept by a 'rolling-file' appender. Log4j2: the highest %i kept per
		 * date of the file pattern. Logback: with %d in the file pattern, the periods (days
		 * by default) kept; with %i alone, the files kept, at most 20.
		 */
		private int maxHistory = 7;

		/**
		 * Layout pattern in the syntax of the backend that runs: Log4j2's or Logback's
		 * PatternLayout. Defaults to Spring Boot's console or file pattern
		 * (logging.pattern.console or logging.pattern.file when set).
		 */
		private String pattern;

		/**
		 * Whether this appender flushes after every event. Defaults to
		 * asynclog.immediate-flush.
		 */
		private Boolean immediateFlush;

		/**
		 * Kafka topic the records go to. Required for 'kafka'.
		 */
		private String topic;

		/**
		 * Kafka brokers to connect to first, as host:port[,host:port...]. Required for
		 * 'kafka'.
		 */
		private String bootstrapServers;

		/**
		 * Key of each Kafka record: a pattern in the backend's syntax, such as
		 * '%X{traceId}', or fixed text. Records with the same key go to the same partition,
		 * in order. Not set, or formatted empty for an event, the record has no key and the
		 * producer spreads such records over the partitions.
		 */
		private String key;

		/**
		 * Spring Boot structured logging format of each Kafka record: 'ecs', 'logstash' or
		 * 'gelf' (as logging.structured.format.*, with the same logging.structured.*
		 * settings). Not set, the record is the line 'pattern' makes.
		 */
		private String format;

		/**
		 * KafkaProducer settings, passed through as written, such as
		 * 'producer.[linger.ms]=20'. They override asynclog's defaults for logs:
		 * linger.ms=5, batch.size=65536, compression.type=lz4 (gzip without lz4-java),
		 * enable.idempotence=true, acks=all, delivery.timeout.ms=2147483647. max.block.ms is
		 * always 0 and cannot be set, nor can bootstrap.servers or the serializers.
		 */
		private Map<String, String> producer = new LinkedHashMap<>();

		/**
		 * OTLP endpoint of an 'otlp' appender: the full URL for http, such as
		 * 'http://127.0.0.1:4318/v1/logs'; scheme, host and port for grpc, such as
		 * 'http://127.0.0.1:4317'. Defaults to
		 * management.opentelemetry.logging.export.otlp.endpoint. Required for 'otlp'.
		 */
		private String endpoint;

		/**
		 * Transport of an 'otlp' appender: 'http' (protobuf) or 'grpc'. Defaults to
		 * management.opentelemetry.logging.export.otlp.transport, else http.
		 */
		private Transport transport;

		/**
		 * Headers an 'otlp' appender sends with every request, such as
		 * 'headers.[authorization]=Bearer ...'. Defaults to
		 * management.opentelemetry.logging.export.otlp.headers.
		 */
		private Map<String, String> headers = new LinkedHashMap<>();

		/**
		 * Compression of an 'otlp' appender's requests: 'gzip' or 'none'. Defaults to
		 * management.opentelemetry.logging.export.otlp.compression, else none.
		 */
		private String compression;

		/**
		 * How long one export of an 'otlp' appender may take. Defaults to
		 * management.opentelemetry.logging.export.otlp.timeout, else 10s.
		 */
		private Duration timeout;

		/**
		 * Resource attributes of an 'otlp' appender's records. Defaults to
		 * management.opentelemetry.resource-attributes, with service.name from
		 * spring.application.name when not given.
		 */
		private Map<String, String> resourceAttributes = new LinkedHashMap<>();

		/**
		 * The bounded queue between a remote ('kafka', 'otlp') appender and its sending thread.
		 */
		private final Lane lane = new Lane();

		/**
		 * Where a remote ('kafka', 'otlp') appender keeps records on local disk while the destination
		 * is away or slow.
		 */
		private final Spool spool = new Spool();

		public Lane getLane() {
			return this.lane;
		}

		public Spool getSpool() {
			return this.spool;
		}

		/**
		 * Returns the lane settings of a remote appender, as every backend builds its lane.
		 * @param appenderName the appender's name, which names the default spool directory
		 */
		public io.asynclog.core.lane.Lane.Settings laneSettings(String appenderName) {
			return new io.asynclog.core.lane.Lane.Settings(this.lane.getCapacity(), this.lane.getMaxSize().toBytes(),
					this.spool.isEnabled() ? this.spool.directory(appenderName) : null,
					this.spool.getMaxSize().toBytes());
		}

		public AppenderType getType() {
			return this.type;
		}

		public void setType(AppenderType type) {
			this.type = type;
		}

		public String getFileName() {
			return this.fileName;
		}

		public void setFileName(String fileName) {
			this.fileName = fileName;
		}

		public String getFilePattern() {
			return this.filePattern;
		}

		public void setFilePattern(String filePattern) {
			this.filePattern = filePattern;
		}

		public DataSize getMaxFileSize() {
			return this.maxFileSize;
		}

		public void setMaxFileSize(DataSize maxFileSize) {
			this.maxFileSize = maxFileSize;
		}

		public int getMaxHistory() {
			return this.maxHistory;
		}

		public void setMaxHistory(int maxHistory) {
			this.maxHistory = maxHistory;
		}

		public String getPattern() {
			return this.pattern;
		}

		public void setPattern(String pattern) {
			this.pattern = pattern;
		}

		public Boolean getImmediateFlush() {
			return this.immediateFlush;
		}

		public void setImmediateFlush(Boolean immediateFlush) {
			this.immediateFlush = immediateFlush;
		}

		public String getTopic() {
			return this.topic;
		}

		public void setTopic(String topic) {
			this.topic = topic;
		}

		public String getBootstrapServers() {
			return this.bootstrapServers;
		}

		public void setBootstrapServers(String bootstrapServers) {
			this.bootstrapServers = bootstrapServers;
		}

		public String getKey() {
			return this.key;
		}

		public void setKey(String key) {
			this.key = key;
		}

		public String getFormat() {
			return this.format;
		}

		public void setFormat(String format) {
			this.format = format;
		}

		public Map<String, String> getProducer() {
			return this.producer;
		}

		public void setProducer(Map<String, String> producer) {
			this.producer = producer;
		}

		public String getEndpoint() {
			return this.endpoint;
		}

		public void setEndpoint(String endpoint) {
			this.endpoint = endpoint;
		}

		public Transport getTransport() {
			return this.transport;
		}

		public void setTransport(Transport transport) {
			this.transport = transport;
		}

		public Map<String, String> getHeaders() {
			return this.headers;
		}

		public void setHeaders(Map<String, String> headers) {
			this.headers = headers;
		}

		public String getCompression() {
			return this.compression;
		}

		public void setCompression(String compression) {
			this.compression = compression;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

		public Map<String, String> getResourceAttributes() {
			return this.resourceAttributes;
		}

		public void setResourceAttributes(Map<String, String> resourceAttributes) {
			this.resourceAttributes = resourceAttributes;
		}

		/** Whether this appender ships records off the box through a lane: 'kafka' and 'otlp'. */
		public boolean isRemoteType() {
			return this.type == AppenderType.KAFKA || this.type == AppenderType.OTLP;
		}

		/** Whether this appender writes to a file: 'file' and 'rolling-file'. */
		public boolean isFileType() {
			return this.type == AppenderType.FILE || this.type == AppenderType.ROLLING_FILE;
		}

	}

	/**
	 * The bounded queue between a remote appender and its sending thread. What finds it
	 * full is written to the spool, or, with the spool off, dropped and counted
	 * ('lane-full'): the application never waits for the destination.
	 */
	public static class Lane {

		/**
		 * Most records the lane holds: about a fifth of a second of 300,000 lines a second,
		 * for the moments the lane's thread waits for a CPU.
		 */
		private int capacity = 65536;

		/**
		 * Most bytes of record keys and values the lane holds.
		 */
		private DataSize maxSize = DataSize.ofMegabytes(16);

		public int getCapacity() {
			return this.capacity;
		}

		public void setCapacity(int capacity) {
			this.capacity = capacity;
		}

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

	}

	/**
	 * A remote appender's records on local disk while the destination is away or slow: kept
	 * in order, sent before newer records once it answers again, and kept across a restart
	 * or a crash for the next start.
	 */
	public static class Spool {

		/**
		 * Whether records the destination cannot take are kept on disk. Off, they wait in
		 * the lane, and what finds it full is dropped and counted.
		 */
		private boolean enabled = true;

		/**
		 * Directory of the spool's files, used by this appender alone. Defaults to
		 * 'asynclog-spool/<appender name>' in the working directory.
		 */
		private String directory;

		/**
		 * Most disk space the spool takes; past it records are dropped and counted
		 * ('spool-full'). 1GB holds about 90 minutes of 1,000 lines a second of 200 bytes.
		 */
		private DataSize maxSize = DataSize.ofGigabytes(1);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public String getDirectory() {
			return this.directory;
		}

		public void setDirectory(String directory) {
			this.directory = directory;
		}

		public DataSize getMaxSize() {
			return this.maxSize;
		}

		public void setMaxSize(DataSize maxSize) {
			this.maxSize = maxSize;
		}

		/** The spool's directory as set, or the default, named after the appender. */
		public java.nio.file.Path directory(String appenderName) {
			return java.nio.file.Path.of((this.directory != null) ? this.directory : "asynclog-spool/" + appenderName);
		}

	}

	/** Overrides for one logger. */
	public static class Logger {

		/**
		 * Whether this logger hands events off ('async') or writes them itself ('sync').
		 * Inherits asynclog.mode when not set.
		 */
		private LoggerMode mode;

		/**
		 * Names of the appenders this logger writes to, from asynclog.appenders or the
		 * backend's configuration (Spring Boot's console is CONSOLE on Logback, Console on
		 * Log4j2). Inherits the configured ones when not set.
		 */
		private List<String> appenders;

		/**
		 * Whether events also go to the parent logger's appenders.
		 */
		private Boolean additivity;

		public LoggerMode getMode() {
			return this.mode;
		}

		public void setMode(LoggerMode mode) {
			this.mode = mode;
		}

		public List<String> getAppenders() {
			return this.appenders;
		}

		public void setAppenders(List<String> appenders) {
			this.appenders = appenders;
		}

		public Boolean getAdditivity() {
			return this.additivity;
		}

		public void setAdditivity(Boolean additivity) {
			this.additivity = additivity;
		}

		/** Whether nothing was set for this logger: the sign of a dotted logger name written without brackets. */
		public boolean isEmpty() {
			return this.mode == null && this.appenders == null && this.additivity == null;
		}

	}

}
