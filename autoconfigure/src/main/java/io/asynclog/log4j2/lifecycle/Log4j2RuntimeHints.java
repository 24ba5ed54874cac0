package io.asynclog.log4j2.lifecycle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;

import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.config.plugins.PluginVisitorStrategy;
import org.apache.logging.log4j.core.config.plugins.processor.PluginCache;
import org.apache.logging.log4j.core.config.plugins.processor.PluginEntry;
import org.apache.logging.log4j.core.config.plugins.processor.PluginProcessor;
import org.apache.logging.log4j.util.PropertySource;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.TypeReference;
import org.springframework.util.ClassUtils;

import io.asynclog.log4j2.queue.BlockingQueueFullPolicy;
import io.asynclog.log4j2.queue.CountingDiscardPolicy;
import io.asynclog.log4j2.queue.HaltedRingSnapshot;
import io.asynclog.log4j2.queue.TimedWaitStrategyFactory;

/**
 * The runtime hints a native image needs for what Log4j2 creates of asynclog's by reflection:
 * its plugins (found in {@value PluginProcessor#PLUGIN_CACHE_FILE}), the classes it names in
 * Log4j2 properties and configuration elements, its Log4j {@link PropertySource}s, and the
 * class {@link Log4j2Detector} checks by name.
 * <p>
 * Nothing is registered without log4j-core, and this class is safe to load then: Log4j2 types
 * are reached only in {@link Present}. Plugin members are read from the cache and the classes
 * rather than listed, so that a new plugin or builder attribute needs no second list.
 *
 * @author asynclog
 */
public final class Log4j2RuntimeHints implements RuntimeHintsRegistrar {

	static final String PROPERTY_SOURCES = "META-INF/services/org.apache.logging.log4j.util.PropertySource";

	private static final String ASYNCLOG_PACKAGE = "io.asynclog.";

	@Override
	public void registerHints(RuntimeHints hints, ClassLoader classLoader) {
		ClassLoader loader = (classLoader != null) ? classLoader : Log4j2RuntimeHints.class.getClassLoader();
		if (ClassUtils.isPresent(Log4j2Detector.LOG4J_CORE, loader)) {
			Present.register(hints, loader);
		}
	}

	private static final class Present {

		static void register(RuntimeHints hints, ClassLoader classLoader) {
			hints.reflection().registerType(TypeReference.of(Log4j2Detector.LOG4J_CORE));
			hints.resources().registerPattern(PluginProcessor.PLUGIN_CACHE_FILE);
			for (Class<?> plugin : plugins(classLoader)) {
				registerPlugin(hints, plugin);
			}
			// Created by Log4j2 with their no-argument constructor from the class name in
			// log4j2.AsyncQueueFullPolicy (QueueSettings), at each ring's start.
			for (Class<?> policy : List.of(BlockingQueueFullPolicy.class, CountingDiscardPolicy.class)) {
				hints.reflection().registerConstructor(constructor(policy), ExecutableMode.INVOKE);
			}
			// log4j.ReliabilityStrategy (AsyncLogPropertySource): created for each logger config.
			hints.reflection()
				.registerConstructor(constructor(HaltedRingSnapshot.class, LoggerConfig.class), ExecutableMode.INVOKE);
			// Named in the configuration's AsyncWaitStrategyFactory element (ConfigurationWriter).
			hints.reflection().registerConstructor(constructor(TimedWaitStrategyFactory.class), ExecutableMode.INVOKE);
			// log4j.provider, when the class path has both bindings (BindingConflictGuard).
			hints.reflection()
				.registerConstructor(constructor(BindingConflictGuard.RefusingProvider.class), ExecutableMode.INVOKE);
			hints.resources().registerPattern(PROPERTY_SOURCES);
			for (String source : propertySources(classLoader)) {
				hints.reflection()
					.registerConstructor(constructor(ClassUtils.resolveClassName(source, classLoader)),
							ExecutableMode.INVOKE);
			}
		}

		/**
		 * Registers what Log4j2's {@code PluginBuilder} calls: the factory method, or the builder
		 * factory and the builder fields whose annotation names a visitor (up to Log4j2's own
		 * builders, whose hints Log4j2 ships), else the no-argument constructor.
		 */
		private static void registerPlugin(RuntimeHints hints, Class<?> plugin) {
			hints.reflection().registerType(plugin);
			boolean factory = false;
			for (Method method : plugin.getDeclaredMethods()) {
				if (method.isAnnotationPresent(PluginFactory.class)) {
					hints.reflection().registerMethod(method, ExecutableMode.INVOKE);
					factory = true;
				}
				else if (method.isAnnotationPresent(PluginBuilderFactory.class)) {
					hints.reflection().registerMethod(method, ExecutableMode.INVOKE);
					registerBuilder(hints, method.getReturnType());
					factory = true;
				}
			}
			if (!factory) {
				hints.reflection().registerConstructor(constructor(plugin), ExecutableMode.INVOKE);
			}
		}

		private static void registerBuilder(RuntimeHints hints, Class<?> builder) {
			for (Class<?> type = builder; type != null && type.getName().startsWith(ASYNCLOG_PACKAGE); type = type
				.getSuperclass()) {
				for (Field field : type.getDeclaredFields()) {
					if (setByLog4j(field)) {
						hints.reflection().registerField(field);
					}
				}
			}
		}

		private static boolean setByLog4j(Field field) {
			for (Annotation annotation : field.getAnnotations()) {
				if (annotation.annotationType().isAnnotationPresent(PluginVisitorStrategy.class)) {
					return true;
				}
			}
			return false;
		}

		/** asynclog's plugins, from every plugin cache on the class path, as Log4j2 finds them. */
		private static List<Class<?>> plugins(ClassLoader classLoader) {
			PluginCache cache = new PluginCache();
			try {
				cache.loadCacheFiles(classLoader.getResources(PluginProcessor.PLUGIN_CACHE_FILE));
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not read Log4j2's plugin caches", ex);
			}
			List<Class<?>> plugins = new ArrayList<>();
			for (Map<String, PluginEntry> category : cache.getAllCategories().values()) {
				for (PluginEntry entry : category.values()) {
					if (entry.getClassName().startsWith(ASYNCLOG_PACKAGE)) {
						plugins.add(ClassUtils.resolveClassName(entry.getClassName(), classLoader));
					}
				}
			}
			return plugins;
		}

		/** Returns asynclog's classes listed in the service files for Log4j's property sources. */
		private static List<String> propertySources(ClassLoader classLoader) {
			List<String> sources = new ArrayList<>();
			try {
				Enumeration<URL> files = classLoader.getResources(PROPERTY_SOURCES);
				while (files.hasMoreElements()) {
					try (BufferedReader reader = new BufferedReader(
							new InputStreamReader(files.nextElement().openStream(), StandardCharsets.UTF_8))) {
						reader.lines()
							.map((line) -> line.replaceFirst("#.*", "").trim())
							.filter((name) -> name.startsWith(ASYNCLOG_PACKAGE))
							.forEach(sources::add);
					}
				}
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not read " + PROPERTY_SOURCES, ex);
			}
			return sources;
		}

		private static java.lang.reflect.Constructor<?> constructor(Class<?> type, Class<?>... parameterTypes) {
			try {
				return type.getConstructor(parameterTypes);
			}
			catch (NoSuchMethodException ex) {
				throw new IllegalStateException(type.getName() + " has no public constructor Log4j2 can call", ex);
			}
		}

	}

}
