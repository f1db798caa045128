{{- range $name := include "core-vault.enabledApps" . | fromYamlArray }}
{{- $app := include "core-vault.app" (dict "root" $ "name" $name) | fromYaml }}
{{- $ctx := dict "root" $ "name" $name "app" $app }}
{{- $static := eq $app.type "static" }}
{{- $uid := ternary 101 1000 $static }}
{{- $secretEnv := include "core-vault.secretEnv" $ctx | fromYamlArray }}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "core-vault.appName" $ctx }}
  labels:
    {{- include "core-vault.appLabels" $ctx | nindent 4 }}
spec:
  {{- if not (or $app.hpa.enabled $app.keda.enabled) }}
  replicas: {{ $app.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "core-vault.selectorLabels" $ctx | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "core-vault.appLabels" $ctx | nindent 8 }}
        {{- with $app.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        # Rolls the pods when their ConfigMap changes.
        checksum/config: {{ include "core-vault.appEnv" $ctx | sha256sum }}
        {{- if $app.metrics.scrape }}
        prometheus.io/scrape: 'true'
        prometheus.io/port: {{ $app.port | quote }}
        prometheus.io/path: {{ $app.metrics.path | quote }}
        {{- end }}
        {{- with $app.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      automountServiceAccountToken: false
      enableServiceLinks: false
      terminationGracePeriodSeconds: {{ $app.terminationGracePeriodSeconds }}
      {{- with $.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        runAsNonRoot: true
        runAsUser: {{ $uid }}
        runAsGroup: {{ $uid }}
        fsGroup: {{ $uid }}
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: {{ $name }}
          image: {{ include "core-vault.image" $ctx | quote }}
          imagePullPolicy: {{ $.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $app.port }}
              protocol: TCP
          envFrom:
            - configMapRef:
                name: {{ include "core-vault.appName" $ctx }}
          {{- if $secretEnv }}
          # Secret values only by reference (existingSecret pattern: created outside the chart).
          env:
            {{- range $e := $secretEnv }}
            - name: {{ $e.name }}
              valueFrom:
                secretKeyRef:
                  name: {{ $e.secret }}
                  key: {{ $e.key }}
            {{- end }}
          {{- end }}
          startupProbe:
            httpGet: { path: {{ $app.probes.startup.path }}, port: http }
            periodSeconds: {{ $app.probes.startup.periodSeconds }}
            timeoutSeconds: {{ $app.probes.startup.timeoutSeconds }}
            failureThreshold: {{ $app.probes.startup.failureThreshold }}
          livenessProbe:
            httpGet: { path: {{ $app.probes.liveness.path }}, port: http }
            periodSeconds: {{ $app.probes.liveness.periodSeconds }}
            timeoutSeconds: {{ $app.probes.liveness.timeoutSeconds }}
            failureThreshold: {{ $app.probes.liveness.failureThreshold }}
          readinessProbe:
            httpGet: { path: {{ $app.probes.readiness.path }}, port: http }
            periodSeconds: {{ $app.probes.readiness.periodSeconds }}
            timeoutSeconds: {{ $app.probes.readiness.timeoutSeconds }}
            failureThreshold: {{ $app.probes.readiness.failureThreshold }}
          lifecycle:
            preStop:
              exec:
                command: ['sleep', {{ $app.preStopSleepSeconds | quote }}]
          resources:
            {{- toYaml $app.resources | nindent 12 }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: [ALL]
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with $app.volumeMounts }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
        {{- with $app.volumes }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- with $app.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $app.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $app.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- if $app.topologySpread }}
      topologySpreadConstraints:
        {{- range $key := list "topology.kubernetes.io/zone" "kubernetes.io/hostname" }}
        - maxSkew: 1
          topologyKey: {{ $key }}
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "core-vault.selectorLabels" $ctx | nindent 14 }}
        {{- end }}
      {{- end }}
{{- end }}
