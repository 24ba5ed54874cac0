package io.asynclog.it;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Enumeration;

/**
 * The class loader Spring Boot DevTools restarts an application in, as its
 * {@code RestartClassLoader} behaves: child-first over the application's own class
 * directories, everything else (the libraries, asynclog's jar among them) from its parent, the
 * JVM's application class loader, which DevTools keeps as the base loader across restarts. Like
 * DevTools, it looks in its own directories first though the parent's class path holds them too.
 *
 * @author asynclog
 */
public final class RestartClassLoader extends URLClassLoader {

	static {
		ClassLoader.registerAsParallelCapable();
	}

	/** {@code applicationClasses}: DevTools' default, the class path's directories, not its jars. */
	public RestartClassLoader(URL[] applicationClasses, ClassLoader parent) {
		super("restart", applicationClasses, parent);
	}

	@Override
	protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
		synchronized (getClassLoadingLock(name)) {
			Class<?> loaded = findLoadedClass(name);
			if (loaded == null) {
				try {
					loaded = findClass(name);
				}
				catch (ClassNotFoundException ex) {
					loaded = Class.forName(name, false, getParent());
				}
			}
			if (resolve) {
				resolveClass(loaded);
			}
			return loaded;
		}
	}

	@Override
	public URL getResource(String name) {
		URL own = findResource(name);
		return (own != null) ? own : getParent().getResource(name);
	}

	@Override
	public Enumeration<URL> getResources(String name) throws IOException {
		// As DevTools: the parent's class path has the same directories.
		return getParent().getResources(name);
	}

}
