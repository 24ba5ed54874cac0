package io.asynclog.log4j2.lifecycle;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.config.plugins.PluginVisitorStrategy;
import org.apache.logging.log4j.core.config.plugins.processor.PluginCache;
import org.apache.logging.log4j.core.config.plugins.processor.PluginEntry;
import org.apache.logging.log4j.core.config.plugins.processor.PluginProcessor;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.aot.hint.predicate.RuntimeHintsPredicates.reflection;
import static org.springframework.aot.hint.predicate.RuntimeHintsPredicates.resource;

import io.asynclog.log4j2.config.ReusableMessages;
import io.asynclog.log4j2.queue.BlockingQueueFullPolicy;
import io.asynclog.log4j2.queue.CountingDiscardPolicy;
import io.asynclog.log4j2.queue.HaltedRingSnapshot;

/**
 * The hints {@link Log4j2RuntimeHints} registers, loaded from {@code META-INF/spring/aot.factories}
 * as Spring's AOT processing loads them, checked against what Log4j2 itself reaches by
 * reflection: each asynclog plugin in the plugin cache, as Log4j2's {@code PluginBuilder} builds
 * it; the classes asynclog names in Log4j2's properties; the property sources its
 * {@code ServiceLoader} creates.
 */
class Log4j2RuntimeHintsTests {

	private final RuntimeHints hints = asynclogsHints();

	@Test
	void everyAsynclogPluginInThePluginCacheCanBeBuiltAsLog4j2BuildsIt() throws Exception {
		assertThat(this.hints).matches(resource().forResource(PluginProcessor.PLUGIN_CACHE_FILE), "the plugin cache");
		List<Class<?>> plugins = asynclogPlugins();
		assertThat(plugins).extracting(Class::getSimpleName)
			.as("the plugins the check must have found")
			.contains("Installer", "BatchingConsole", "KafkaAppender", "OtlpAppender",
					"UnopenedFileAppender", "QueueProbe", "CutoffFilter");
		for (Class<?> plugin : plugins) {
			assertThat(this.hints).as(plugin.getName()).matches(reflection().onType(plugin));
			List<Method> factories = annotated(plugin, PluginFactory.class);
			List<Method> builderFactories = annotated(plugin, PluginBuilderFactory.class);
			if (factories.isEmpty() && builderFactories.isEmpty()) {
				assertThat(this.hints).as(plugin.getName() + "()")
					.matches(reflection().onConstructorInvocation(plugin.getConstructor()));
			}
			for (Method factory : factories) {
				assertThat(this.hints).as(factory.toString()).matches(reflection().onMethodInvocation(factory));
			}
			for (Method builderFactory : builderFactories) {
				assertThat(this.hints).as(builderFactory.toString())
					.matches(reflection().onMethodInvocation(builderFactory));
				for (Field field : fieldsLog4j2Sets(builderFactory.getReturnType())) {
					assertThat(this.hints).as(field.toString()).matches(reflection().onFieldAccess(field));
				}
			}
		}
		// A field of the remote appenders' shared builder, which Log4j2 sets from its superclass walk.
		assertThat(this.hints).matches(
				reflection().onFieldAccess("io.asynclog.log4j2.appender.RemoteAppender$Builder", "lane"));
	}

	@Test
	void classesAsynclogNamesInLog4j2sPropertiesCanBeCreated() throws Exception {
		assertThat(this.hints)
			.matches(reflection().onConstructorInvocation(BlockingQueueFullPolicy.class.getConstructor()),
					"log4j2.AsyncQueueFullPolicy=block")
			.matches(reflection().onConstructorInvocation(CountingDiscardPolicy.class.getConstructor()),
					"log4j2.AsyncQueueFullPolicy=discard")
			.matches(reflection().onConstructorInvocation(HaltedRingSnapshot.class.getConstructor(LoggerConfig.class)),
					"log4j.ReliabilityStrategy")
			.matches(reflection()
				.onConstructorInvocation(BindingConflictGuard.RefusingProvider.class.getConstructor()),
					"log4j.provider");
	}

	@Test
	void log4jsServiceLoaderFindsAndCreatesThePropertySources() throws Exception {
		assertThat(this.hints).matches(resource().forResource(Log4j2RuntimeHints.PROPERTY_SOURCES), "the service file")
			.matches(reflection().onConstructorInvocation(BindingConflictGuard.class.getConstructor()),
					"BindingConflictGuard")
			.matches(reflection().onConstructorInvocation(ReusableMessages.class.getConstructor()),
					"ReusableMessages");
	}

	@Test
	void theClassTheDetectorLooksUpByNameIsThere() {
		// Spring Boot's Log4J2RuntimeHints registers Log4jContextFactory, not this one.
		assertThat(this.hints).matches(reflection().onType(LoggerContext.class));
	}

	/**
	 * Returns the hints of asynclog's registrars in aot.factories, and only theirs.
	 */
	static RuntimeHints asynclogsHints() {
		RuntimeHints hints = new RuntimeHints();
		ClassLoader classLoader = Log4j2RuntimeHintsTests.class.getClassLoader();
		List<RuntimeHintsRegistrar> registrars = SpringFactoriesLoader
			.forResourceLocation("META-INF/spring/aot.factories", classLoader)
			.load(RuntimeHintsRegistrar.class)
			.stream()
			.filter((registrar) -> registrar.getClass().getName().startsWith("io.asynclog."))
			.toList();
		assertThat(registrars).extracting((registrar) -> registrar.getClass().getSimpleName())
			.contains("Log4j2RuntimeHints");
		registrars.forEach((registrar) -> registrar.registerHints(hints, classLoader));
		return hints;
	}

	private static List<Class<?>> asynclogPlugins() throws IOException, ClassNotFoundException {
		PluginCache cache = new PluginCache();
		cache.loadCacheFiles(
				Log4j2RuntimeHintsTests.class.getClassLoader().getResources(PluginProcessor.PLUGIN_CACHE_FILE));
		List<Class<?>> plugins = new ArrayList<>();
		for (Map<String, PluginEntry> category : cache.getAllCategories().values()) {
			for (PluginEntry entry : category.values()) {
				if (entry.getClassName().startsWith("io.asynclog.")) {
					plugins.add(Class.forName(entry.getClassName()));
				}
			}
		}
		return plugins;
	}

	private static List<Method> annotated(Class<?> type, Class<? extends Annotation> annotation) {
		List<Method> methods = new ArrayList<>();
		for (Method method : type.getDeclaredMethods()) {
			if (method.isAnnotationPresent(annotation)) {
				methods.add(method);
			}
		}
		return methods;
	}

	/**
	 * The fields Log4j2's PluginBuilder injects: those whose annotation names a visitor, in the
	 * builder and its superclasses (asynclog's; Log4j2 ships hints for its own).
	 */
	private static List<Field> fieldsLog4j2Sets(Class<?> builder) {
		List<Field> fields = new ArrayList<>();
		for (Class<?> type = builder; type.getName().startsWith("io.asynclog."); type = type.getSuperclass()) {
			for (Field field : type.getDeclaredFields()) {
				for (Annotation annotation : field.getAnnotations()) {
					if (annotation.annotationType().isAnnotationPresent(PluginVisitorStrategy.class)) {
						fields.add(field);
					}
				}
			}
		}
		assertThat(fields).as("fields of " + builder.getName()).isNotEmpty();
		return fields;
	}

}
