// compose-check loads a Compose file the way `docker compose config` does (compose-go: the
// Compose specification's JSON schema, interpolation, merge keys, normalisation and consistency
// checks such as depends_on targets) and prints the resolved project as JSON. It exists because
// this machine has the docker client but no compose plugin and no engine.
//
//	compose-check <docker-compose.yml>
package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: compose-check <docker-compose.yml>")
		os.Exit(2)
	}
	file, err := filepath.Abs(os.Args[1])
	if err != nil {
		fail(err)
	}
	options, err := cli.NewProjectOptions(
		[]string{file},
		cli.WithWorkingDirectory(filepath.Dir(file)),
		cli.WithOsEnv,
		cli.WithConsistency(true),
		cli.WithNormalization(true),
		cli.WithInterpolation(true),
		cli.WithResolvedPaths(false),
	)
	if err != nil {
		fail(err)
	}
	project, err := options.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	out, err := project.MarshalJSON()
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(append(out, '\n'))
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "compose-check: %v\n", err)
	os.Exit(1)
}
