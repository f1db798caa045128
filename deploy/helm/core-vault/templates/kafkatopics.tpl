{{- /* Strimzi KafkaTopics: every event topic and the dead-letter topic of each consumed one.
The services also create missing topics at boot (KAFKA_TOPIC_PARTITIONS/REPLICATION_FACTOR come
from kafkaTopics.defaults), so the two always agree. */}}
{{- if .Values.kafkaTopics.enabled }}
{{- $t := .Values.kafkaTopics }}
{{- range $topic := $t.topics }}
{{- $entries := list (dict "name" $topic.name "partitions" ($topic.partitions | default $t.defaults.partitions) "retentionMs" ($topic.retentionMs | default $t.defaults.retentionMs) "kind" "event") }}
{{- if $topic.deadLetter }}
{{- $entries = append $entries (dict "name" (printf "%s.dlq" $topic.name) "partitions" $t.deadLetter.partitions "retentionMs" $t.deadLetter.retentionMs "kind" "dead-letter") }}
{{- end }}
{{- range $e := $entries }}
---
apiVersion: kafka.strimzi.io/v1beta2
kind: KafkaTopic
metadata:
  name: {{ $e.name }}
  {{- with $t.namespace }}
  namespace: {{ . }}
  {{- end }}
  labels:
    {{- include "core-vault.labels" $ | nindent 4 }}
    strimzi.io/cluster: {{ $t.clusterName }}
    core-vault/topic-kind: {{ $e.kind }}
spec:
  topicName: {{ $e.name }}
  partitions: {{ $e.partitions }}
  replicas: {{ $t.defaults.replicas }}
  config:
    retention.ms: {{ $e.retentionMs | int64 }}
    {{- range $k, $v := $t.defaults.config }}
    {{ $k }}: {{ $v }}
    {{- end }}
{{- end }}
{{- end }}
{{- end }}
