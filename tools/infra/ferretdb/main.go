// Command ferretdb-launcher runs embedded FerretDB (SQLite backend) for
// local development. FerretDB's own cmd panics when built with `go install`
// because build/version/version.txt is generated at release time; the
// embeddable package has no such requirement.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	dir := flag.String("sqlite-dir", ".local/ferretdb", "directory for SQLite databases")
	level := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(*level)); err != nil {
		fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))

	abs, err := filepath.Abs(*dir)
	if err != nil {
		fatal(err)
	}
	if err = os.MkdirAll(abs, 0o755); err != nil {
		fatal(err)
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + abs + "/", // must be a directory URI ending with a slash
	})
	if err != nil {
		fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	go func() {
		logger.Warn("FerretDB listening", "uri", f.MongoDBURI(), "sqlite", abs)
	}()

	if err = f.Run(ctx); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "ferretdb-launcher:", err)
	os.Exit(1)
}
