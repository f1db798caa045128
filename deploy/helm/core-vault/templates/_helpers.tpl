{{/* Chart name, possibly overridden. */}}
{{- define "core-vault.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-scoped prefix of every resource: <release>-core-vault, or the release name when it
already contains the chart name. */}}
{{- define "core-vault.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := include "core-vault.name" . -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of one app's resources (Deployment, Service, ConfigMap, PDB, policies). */}}
{{- define "core-vault.appName" -}}
{{- printf "%s-%s" (include "core-vault.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "core-vault.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "core-vault.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: core-vault
{{- end -}}

{{/* Selector labels of one app: (dict "root" $ "name" <app>). */}}
{{- define "core-vault.selectorLabels" -}}
app.kubernetes.io/name: {{ include "core-vault.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{- define "core-vault.appLabels" -}}
{{ include "core-vault.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/* Deep merge of two maps, `over` winning, as YAML. Unlike sprig's merge/mergeOverwrite it
keeps false, 0 and "" from `over` (enabled: false must switch an app off). */}}
{{- define "core-vault.deepMerge" -}}
{{- $out := deepCopy .base -}}
{{- range $k, $v := .over -}}
{{- $cur := index $out $k -}}
{{- if and (kindIs "map" $v) (kindIs "map" $cur) -}}
{{- $_ := set $out $k (include "core-vault.deepMerge" (dict "base" $cur "over" $v) | fromYaml) -}}
{{- else -}}
{{- $_ := set $out $k $v -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/* One app's settings: appDefaults deep-merged with apps.<name>, as YAML (use fromYaml). */}}
{{- define "core-vault.app" -}}
{{- $app := index .root.Values.apps .name -}}
{{- if not $app -}}{{- fail (printf "apps.%s is not defined" .name) -}}{{- end -}}
{{- include "core-vault.deepMerge" (dict "base" .root.Values.appDefaults "over" $app) -}}
{{- end -}}

{{/* Enabled apps, sorted: a YAML list of names. */}}
{{- define "core-vault.enabledApps" -}}
{{- $names := list -}}
{{- range $name, $_ := .Values.apps -}}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml -}}
{{- if $app.enabled -}}{{- $names = append $names $name -}}{{- end -}}
{{- end -}}
{{- toYaml (sortAlpha $names) -}}
{{- end -}}

{{/* The app's Secret (existingSecret pattern). */}}
{{- define "core-vault.secretName" -}}
{{- if .app.existingSecret -}}{{ .app.existingSecret }}{{- else -}}{{ include "core-vault.appName" . }}{{- end -}}
{{- end -}}

{{/* Secret env vars of an app, as a YAML list of {name, secret, key}: what its `uses` imply
plus secretEnv (a name: key <name> of the app's own Secret; or {name, secret, key}). */}}
{{- define "core-vault.secretEnv" -}}
{{- $own := include "core-vault.secretName" . -}}
{{- $entries := list -}}
{{- if has "mongo" .app.uses -}}{{- $entries = append $entries (dict "name" "MONGO_URL" "secret" $own "key" "MONGO_URL") -}}{{- end -}}
{{- if has "redis" .app.uses -}}{{- $entries = append $entries (dict "name" "REDIS_URL" "secret" $own "key" "REDIS_URL") -}}{{- end -}}
{{- if has "mail" .app.uses -}}{{- $entries = append $entries (dict "name" "SMTP_URL" "secret" $own "key" "SMTP_URL") -}}{{- end -}}
{{- /* No search.url: the URL carries credentials, so it comes from the app's Secret like MONGO_URL. */ -}}
{{- if and (has "search" .app.uses) (not .root.Values.search.url) -}}{{- $entries = append $entries (dict "name" "OPENSEARCH_URL" "secret" $own "key" "OPENSEARCH_URL") -}}{{- end -}}
{{- if has "auth" .app.uses -}}
{{- $authSecret := .root.Values.auth.existingSecret | default (printf "%s-auth" (include "core-vault.fullname" .root)) -}}
{{- $entries = append $entries (dict "name" "AUTH_PUBLIC_KEY" "secret" $authSecret "key" "AUTH_PUBLIC_KEY") -}}
{{- end -}}
{{- range $e := .app.secretEnv -}}
{{- if kindIs "string" $e -}}
{{- $entries = append $entries (dict "name" $e "secret" $own "key" $e) -}}
{{- else -}}
{{- $entries = append $entries (dict "name" $e.name "secret" ($e.secret | default $own) "key" ($e.key | default $e.name)) -}}
{{- end -}}
{{- end -}}
{{- toYaml $entries -}}
{{- end -}}

{{/* Non-secret env of an app (its ConfigMap), as a YAML map of strings. */}}
{{- define "core-vault.appEnv" -}}
{{- $root := .root -}}
{{- $app := .app -}}
{{- $env := dict "PORT" (toString $app.port) -}}
{{- if eq $app.type "static" -}}
{{- $gateway := include "core-vault.app" (dict "root" $root "name" "gateway") | fromYaml -}}
{{- $_ := set $env "GATEWAY_URL" (printf "http://%s.%s.svc.%s:%v" (include "core-vault.appName" (dict "root" $root "name" "gateway")) $root.Release.Namespace $root.Values.clusterDomain $gateway.port) -}}
{{- else -}}
{{- range $k, $v := $root.Values.env -}}{{- $_ := set $env $k (toString $v) -}}{{- end -}}
{{- if has "mongo" $app.uses -}}
{{- $_ := set $env "MONGO_DB" (printf "%s%s" $root.Values.mongo.databasePrefix .name) -}}
{{- end -}}
{{- if has "kafka" $app.uses -}}
{{- $_ := set $env "KAFKA_BROKERS" $root.Values.kafka.bootstrapServers -}}
{{- $_ := set $env "KAFKA_TOPIC_PARTITIONS" (toString $root.Values.kafkaTopics.defaults.partitions) -}}
{{- $_ := set $env "KAFKA_REPLICATION_FACTOR" (toString $root.Values.kafkaTopics.defaults.replicas) -}}
{{- $_ := set $env "KAFKA_CONSUMER_MAX_ATTEMPTS" (toString $root.Values.kafka.consumerMaxAttempts) -}}
{{- end -}}
{{- if has "search" $app.uses -}}
{{- if $root.Values.search.url -}}{{- $_ := set $env "OPENSEARCH_URL" $root.Values.search.url -}}{{- end -}}
{{- $_ := set $env "SEARCH_INDEX" $root.Values.search.index -}}
{{- $_ := set $env "SEARCH_CONSUMER_GROUP" $root.Values.search.consumerGroup -}}
{{- with $root.Values.search.aws -}}{{- if .region -}}
{{- $_ := set $env "OPENSEARCH_AWS_REGION" .region -}}
{{- $_ := set $env "OPENSEARCH_AWS_SERVICE" (default "es" .service) -}}
{{- end -}}{{- end -}}
{{- end -}}
{{- range $up := $app.upstreams -}}
{{- $upApp := include "core-vault.app" (dict "root" $root "name" $up) | fromYaml -}}
{{- /* The SPA's web server is no API service: the gateway reads its index.html (WEB_INTERNAL_URL). */ -}}
{{- $var := ternary "WEB_INTERNAL_URL" (printf "%s_URL" (upper $up)) (eq $up "web") -}}
{{- $_ := set $env $var (printf "http://%s:%v" (include "core-vault.appName" (dict "root" $root "name" $up)) $upApp.port) -}}
{{- end -}}
{{- end -}}
{{- range $k, $v := $app.env -}}{{- $_ := set $env $k (toString $v) -}}{{- end -}}
{{- if and (has "mail" $app.uses) $root.Values.mail.from -}}
{{- $_ := set $env "MAIL_FROM" $root.Values.mail.from -}}
{{- end -}}
{{- $scheme := ternary "https" "http" $root.Values.ingress.tls.enabled -}}
{{- if has "webOrigin" $app.uses -}}
{{- $_ := set $env "WEB_ORIGIN" (printf "%s://%s" $scheme (required "ingress.host is required" $root.Values.ingress.host)) -}}
{{- end -}}
{{- if has "rendererOrigin" $app.uses -}}
{{- $_ := set $env "RENDERER_ORIGIN" (printf "%s://%s" $scheme (required "ingress.usercontentHost is required" $root.Values.ingress.usercontentHost)) -}}
{{- end -}}
{{- range $e := include "core-vault.secretEnv" . | fromYamlArray -}}
{{- if hasKey $env $e.name -}}{{- fail (printf "apps.%s: %s comes from a Secret; remove it from env" $.name $e.name) -}}{{- end -}}
{{- end -}}
{{- toYaml $env -}}
{{- end -}}

{{- define "core-vault.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .name (.root.Values.image.tag | default .root.Chart.AppVersion) -}}
{{- end -}}
